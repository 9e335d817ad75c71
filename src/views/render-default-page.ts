import { VERSION } from "../version.js";
import { DEFAULT_PAGE_STYLES } from "./default-page-styles.js";
import { escapeHtml } from "./escape-html.js";
import { LOGO_SVG } from "./logo.js";
import { renderPage, type RenderedPage } from "./render-page.js";

export type DefaultPageInfo = {
  /** From package.json; generic text when missing. */
  name?: string | undefined;
  version?: string | undefined;
  description?: string | undefined;
  /** The public address, e.g. `https://my-app.example.com`. */
  domain: string;
  /** Where the platform should send webhooks, e.g. `<domain>/api/github/webhooks`. */
  webhookUrl: string;
  /** The server has no credentials yet: the page leads to `setupPath` instead. */
  setupMode?: boolean | undefined;
  /** Default `/app/setup`. */
  setupPath?: string | undefined;
};

const GENERIC_NAME = "Your GitHub App";
const GENERIC_DESCRIPTION =
  "This app is up and running. Add a package.json with a name, version and description to show them here.";
const SETUP_DESCRIPTION = "This server waits for its setup: register the app, then restart it.";
const APPS_DOCS = "https://docs.github.com/en/apps/creating-github-apps";
const EVENTS_DOCS = "https://docs.github.com/en/webhooks/webhook-events-and-payloads";

export function renderDefaultPage(info: DefaultPageInfo): RenderedPage {
  const name = escapeHtml(info.name ?? GENERIC_NAME);
  const description = escapeHtml(info.description ?? (info.setupMode ? SETUP_DESCRIPTION : GENERIC_DESCRIPTION));
  const version = info.version ? `<span class="tag version">v${escapeHtml(info.version.replace(/^v/, ""))}</span>` : "";
  const status = info.setupMode
    ? `<span class="tag status setup">Setup not done</span>`
    : `<span class="tag status">Running</span>`;
  const body = `<main class="card">
<header class="intro">
${LOGO_SVG}
<div>
<h1>${name}</h1>
<div class="tags">${version}${status}</div>
</div>
</header>
<p class="description">${description}</p>
${info.setupMode ? setupSteps(info.setupPath ?? "/app/setup") : readySteps(info.webhookUrl)}
<footer>
<span>Public address: ${link(info.domain)}</span>
<span>Served by gh-app-kit ${escapeHtml(VERSION)}</span>
</footer>
</main>`;
  return renderPage({
    title: `${info.name ?? GENERIC_NAME} · GitHub App`,
    styles: DEFAULT_PAGE_STYLES,
    body,
    icon: LOGO_SVG,
  });
}

function readySteps(webhookUrl: string): string {
  return `<h2>Next steps</h2>
<ol class="steps">
<li><h3>Send the app its webhooks</h3>
<p>In the GitHub App's settings, set the <strong>Webhook URL</strong> to:
<code class="url">${escapeHtml(webhookUrl)}</code></p></li>
<li><h3>Install the app</h3>
<p>Install it on an account or a repository, then open an issue: the delivery shows up in this server's log.</p></li>
<li><h3>Make it yours</h3>
<p>React to events with <code>app.on("issues.opened", handler)</code>. See the
<a href="${APPS_DOCS}">GitHub Apps documentation</a> and the
<a href="${EVENTS_DOCS}">webhook events reference</a>.</p></li>
</ol>
`;
}

/** Setup mode: no credentials yet, so no webhook URL to give and nothing running to show. */
function setupSteps(setupPath: string): string {
  const path = escapeHtml(setupPath);
  return `<h2>Setup is not done</h2>
<p>This server has no app credentials yet: it answers every webhook delivery 503 until the app is registered.</p>
<ol class="steps">
<li><h3>Register the app</h3>
<p><a href="${path}">Finish the setup</a> to register it on GitHub (or import an app you already have);
its credentials are written to <code>.env</code>.</p></li>
<li><h3>Restart the server</h3>
<p>Stop it and run <code>npm start</code> again: this page then shows where GitHub sends the webhooks.</p></li>
</ol>
`;
}

/** A link for http(s) addresses; anything else (a typo in PROJECT_DOMAIN) stays text. */
function link(address: string): string {
  const text = escapeHtml(address);
  return /^https?:\/\//i.test(address) ? `<a href="${text}">${text}</a>` : `<code>${text}</code>`;
}
