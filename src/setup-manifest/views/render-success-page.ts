import { escapeHtml } from "../../views/escape-html.js";
import type { RenderedPage } from "../../views/render-page.js";
import { renderSetupLayout } from "./render-setup-layout.js";

export type SuccessPageInfo = {
  envPath: string;
  /** The app just registered or imported, when known. */
  app?: { name?: string | undefined; htmlUrl?: string | undefined } | undefined;
  /** Whether this server wrote the credentials; default true. */
  saved?: boolean | undefined;
};

export function renderSuccessPageHtml({ envPath, app, saved = true }: SuccessPageInfo): RenderedPage {
  if (!saved) {
    const body = `<p class="description">No credentials were saved: <code>${escapeHtml(envPath)}</code> was not written.</p>
<p><a href="/app/setup">Register a new GitHub App</a> or <a href="/app/import">use an existing one</a> first.</p>`;
    return renderSetupLayout({ title: "Your GitHub App is not set up yet", body });
  }
  const name = escapeHtml(app?.name ?? "Your GitHub App");
  const install =
    app?.htmlUrl?.startsWith("https://") || app?.htmlUrl?.startsWith("http://")
      ? `<a href="${escapeHtml(app.htmlUrl.replace(/\/+$/, ""))}/installations/new">Install ${name}</a> on the accounts and repositories it should work on.`
      : "Install the app from its settings page on GitHub (Install App).";
  const body = `<p class="description">${name} is ready. Its credentials are saved to <code>${escapeHtml(envPath)}</code>.</p>
<h2>Next steps</h2>
<ol class="steps">
<li><h3>Restart the server</h3><p>Stop it (Ctrl+C) and start it again: it then runs your app with these credentials.</p></li>
<li><h3>Install the app</h3><p>${install}</p></li>
</ol>
<p>Then run <code>npx app doctor</code> to check the key, the clock, the secret and the event subscriptions against GitHub.</p>`;
  return renderSetupLayout({ title: "Your GitHub App is set up", body });
}
