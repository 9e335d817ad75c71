import { escapeHtml } from "../../views/escape-html.js";
import type { RenderedPage } from "../../views/render-page.js";
import { renderSetupLayout } from "./render-setup-layout.js";

export function renderMessagePageHtml(
  title: string,
  message: string,
  link: { href: string; text: string },
): RenderedPage {
  const body = `<p class="description">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`;
  return renderSetupLayout({ title, body });
}
