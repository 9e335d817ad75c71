import { escapeHtml } from "../../views/escape-html.js";
import { LOGO_SVG } from "../../views/logo.js";
import { renderPage, type RenderedPage } from "../../views/render-page.js";
import { SETUP_PAGE_STYLES } from "./setup-styles.js";

export type SetupLayoutParts = {
  /** Plain text. */
  title: string;
  /** Trusted HTML: every value in it must already be escaped. */
  body: string;
  /** Origins a form on the page may post to (CSP `form-action`); none by default. */
  formAction?: string[];
};

/** Never cached: the pages carry one-time tokens. */
export function renderSetupLayout({ title, body, formAction = [] }: SetupLayoutParts): RenderedPage {
  const page = renderPage({
    title,
    styles: SETUP_PAGE_STYLES,
    icon: LOGO_SVG,
    body: `<main class="card">
<header class="intro">
${LOGO_SVG}
<div><h1>${escapeHtml(title)}</h1></div>
</header>
${body}
</main>`,
  });
  const policy = page.headers["content-security-policy"] ?? "";
  const allowed = formAction.length > 0 ? formAction.join(" ") : "'none'";
  return {
    html: page.html,
    headers: {
      ...page.headers,
      "content-security-policy": policy.replace("form-action 'none'", `form-action ${allowed}`),
      "cache-control": "no-store",
    },
  };
}
