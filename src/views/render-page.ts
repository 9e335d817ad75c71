import { createHash } from "node:crypto";
import { escapeHtml } from "./escape-html.js";

export type PageParts = {
  /** Plain text; escaped here. */
  title: string;
  /** The whole style sheet, embedded in the page. */
  styles: string;
  /** Trusted HTML: every value in it must already be escaped. */
  body: string;
  /** An SVG document for the tab icon, embedded as a data: URL. */
  icon?: string | undefined;
};

export type RenderedPage = {
  html: string;
  /** Headers to send with the page: a policy that allows nothing but the embedded styles. */
  headers: Record<string, string>;
};

/** Self-contained: the Content-Security-Policy forbids loading anything else. */
export function renderPage({ title, styles, body, icon }: PageParts): RenderedPage {
  // The hash allows exactly this style sheet; an injected one would not apply.
  const styleHash = createHash("sha256").update(styles).digest("base64");
  const iconLink = icon ? `\n<link rel="icon" href="data:image/svg+xml,${escapeHtml(encodeURIComponent(icon))}">` : "";
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>${iconLink}
<style>${styles}</style>
</head>
<body>
${body}
</body>
</html>
`;
  return {
    html,
    headers: {
      "content-security-policy": [
        "default-src 'none'",
        `style-src 'sha256-${styleHash}'`,
        "img-src data:",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join("; "),
      "x-content-type-options": "nosniff",
      // same-origin, not no-referrer: with no-referrer Chromium posts forms with "Origin: null", which the setup pages refuse.
      "referrer-policy": "same-origin",
    },
  };
}
