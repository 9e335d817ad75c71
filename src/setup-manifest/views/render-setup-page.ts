import { escapeHtml } from "../../views/escape-html.js";
import type { RenderedPage } from "../../views/render-page.js";
import type { AppManifest } from "../read-app-manifest.js";
import { renderSetupLayout } from "./render-setup-layout.js";

export type SetupPageInfo = {
  manifest: AppManifest;
  /** The platform's "new GitHub App" page, with the one-time state. */
  newAppUrl: string;
  envPath: string;
  /** True when GitHub cannot reach the webhook URL (localhost, no proxy). */
  unreachable: boolean;
};

export function renderSetupPageHtml({ manifest, newAppUrl, envPath, unreachable }: SetupPageInfo): RenderedPage {
  const hookUrl = manifest.hook_attributes?.url ?? "";
  const warning = unreachable
    ? `<p class="notice">GitHub cannot send webhooks to <code>${escapeHtml(hookUrl)}</code>. For development, create a channel on
<a href="https://smee.io/new">smee.io</a>, set <code>WEBHOOK_PROXY_URL</code> to it and restart before registering.</p>`
    : "";
  const body = `<p class="description">Register a GitHub App for <strong>${escapeHtml(manifest.name ?? "this app")}</strong>.
GitHub creates it with the settings of <code>app.yml</code> (or the defaults), then sends you back here, and its
credentials are saved to <code>${escapeHtml(envPath)}</code>.</p>
<p class="muted">Webhook URL: <code>${escapeHtml(hookUrl)}</code></p>
${warning}
<form action="${escapeHtml(newAppUrl)}" method="post">
<input type="hidden" name="manifest" value="${escapeHtml(JSON.stringify(manifest))}">
<button type="submit">Register GitHub App</button>
</form>
<p class="muted">Already registered an app? <a href="/app/import">Use an existing app</a> instead.</p>`;
  return renderSetupLayout({ title: "Set up your GitHub App", body, formAction: [new URL(newAppUrl).origin] });
}
