import { escapeHtml } from "../../views/escape-html.js";
import type { RenderedPage } from "../../views/render-page.js";
import { renderSetupLayout } from "./render-setup-layout.js";

export type ImportPageInfo = {
  state: string;
  envPath: string;
  /** Why the last attempt was refused; never an echo of a secret. */
  error?: string | undefined;
  /** The app id typed last time, to keep it in the field. */
  appId?: string | undefined;
  /** What `.env` already holds, when it holds credentials: the form then asks before replacing them. */
  existing?: string | undefined;
};

/** Secrets are never put back into the page. */
export function renderImportPageHtml({ state, envPath, error, appId, existing }: ImportPageInfo): RenderedPage {
  const replace = existing
    ? `<label class="confirm"><input type="checkbox" name="replace" value="yes"> Replace them: ${escapeHtml(existing)}</label>\n`
    : "";
  const notice = error ? `<p class="notice error" role="alert">${escapeHtml(error)}</p>` : "";
  const body = `<p class="description">Use a GitHub App you already registered. Its credentials are saved to
<code>${escapeHtml(envPath)}</code>, readable only by you.</p>
${notice}
<form action="/app/import" method="post" autocomplete="off">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label>App ID <small>On the app's settings page, under "About".</small>
<input name="appId" inputmode="numeric" required value="${escapeHtml(appId ?? "")}"></label>
<label>Webhook secret <small>The secret set under "Webhook" in the app's settings.</small>
<input name="webhookSecret" type="password" required></label>
<label>Private key <small>The contents of the .pem file, from -----BEGIN to -----END.</small>
<textarea name="privateKey" required spellcheck="false"></textarea></label>
${replace}<button type="submit">Save credentials</button>
</form>
<p class="muted">No app yet? <a href="/app/setup">Register a new one</a>.</p>`;
  return renderSetupLayout({ title: "Use an existing GitHub App", body, formAction: ["'self'"] });
}
