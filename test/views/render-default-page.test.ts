import { expect } from "chai";
import { createHash } from "node:crypto";
import { renderDefaultPage } from "../../src/views/render-default-page.js";

const DOMAIN = "http://localhost:3000";
const base = { domain: DOMAIN, webhookUrl: `${DOMAIN}/api/github/webhooks` };
const HOSTILE = `<img src=x onerror="alert('x')">`;

describe("renderDefaultPage", () => {
  it("shows the name as heading and title, the version and the description", () => {
    const { html } = renderDefaultPage({ ...base, name: "greeter", version: "2.0.1", description: "Says hi." });
    expect(html).to.include("<h1>greeter</h1>");
    expect(html).to.include("<title>greeter · GitHub App</title>");
    expect(html).to.include('<span class="tag version">v2.0.1</span>');
    expect(html).to.include('<p class="description">Says hi.</p>');
    expect(html).to.include(`<code class="url">${DOMAIN}/api/github/webhooks</code>`);
    expect(html).to.include('<meta name="viewport" content="width=device-width, initial-scale=1">');
  });

  it("escapes every value it shows", () => {
    const { html } = renderDefaultPage({
      name: HOSTILE,
      version: HOSTILE,
      description: HOSTILE,
      domain: `https://x.example/"${HOSTILE}`,
      webhookUrl: `https://x.example/${HOSTILE}`,
    });
    expect(html).not.to.include("<img");
    expect(html).not.to.include(`"alert`);
    expect(html).to.include("&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;");
  });

  it("shows generic text and no version badge without package fields", () => {
    const { html } = renderDefaultPage(base);
    expect(html).to.include("<h1>Your GitHub App</h1>");
    expect(html).to.include("Add a package.json with a name, version and description");
    expect(html).not.to.include('class="tag version"');
  });

  it("links the domain only when it is an http(s) address", () => {
    expect(renderDefaultPage(base).html).to.include(`<a href="${DOMAIN}">${DOMAIN}</a>`);
    const { html } = renderDefaultPage({ ...base, domain: "javascript:alert(1)" });
    expect(html).not.to.include('href="javascript:');
    expect(html).to.include("<code>javascript:alert(1)</code>");
  });

  it("allows exactly its own style sheet and nothing else to load", () => {
    const { html, headers } = renderDefaultPage(base);
    const styles = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(styles).digest("base64");
    const policy = headers["content-security-policy"];
    expect(policy).to.include("default-src 'none'");
    expect(policy).to.include(`style-src 'sha256-${hash}'`);
    expect(html).not.to.match(/<(?:script|img|iframe)\b|\ssrc="/);
    const links = [...html.matchAll(/<link [^>]*>/g)].map(([tag]) => tag);
    expect(links).to.have.length(1);
    expect(links[0]).to.match(/^<link rel="icon" href="data:image\/svg\+xml,/);
  });
});
