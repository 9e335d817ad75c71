import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { redactChannelUrl } from "../../src/proxy/redact-channel-url.js";
import { credentialFlags } from "../../src/cli/flags.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

// Sentences of the docs that once disagreed with the code.
describe("docs agree with the code", () => {
  it("docs/start-here.md quotes the proxy line with the channel masked, as it is logged", () => {
    const line = /Webhook proxy connected: forwarding deliveries from (\S+) to/.exec(read("docs/start-here.md"));
    expect(line, "the proxy line is quoted").not.to.equal(null);
    expect(line![1]).to.equal(redactChannelUrl("https://smee.io/AbC123"));
  });

  it("every `app receive` the README, Start here and the templates show first is a dry run", () => {
    for (const path of ["README.md", "docs/start-here.md", "templates/__common__/README.md"]) {
      const first = /app receive[^\n`]*/.exec(read(path))?.[0];
      if (first === undefined) continue;
      expect(first, path).to.include("--dry-run");
    }
  });

  it("the README's default host says 127.0.0.1 without a secret", () => {
    expect(read("README.md")).to.match(/`PORT`, `HOST`.*127\.0\.0\.1.*`WEBHOOK_SECRET`/);
  });

  it("docs/run.md says --token replaces the app's credentials for every event", () => {
    const row = read("docs/run.md")
      .split("\n")
      .find((line) => line.startsWith("| `-t, --token`"));
    expect(row).to.include("for every event");
    expect(row).not.to.include("no installation token applies");
    expect(credentialFlags.token.summary).to.include("instead of app credentials");
  });

  it("docs/server.md: a load failure of createNodeMiddleware answers 500 on the webhook path only", () => {
    const page = read("docs/server.md").replace(/\s+/g, " ");
    expect(page).not.to.include("every request gets a 500");
    expect(page).to.include("every request to the webhook path gets a 500");
  });

  it("docs/deploy.md names the Worker file the cloudflare-worker template writes, and shows the template's settings", () => {
    const main = (text: string) => /^main = "([^"]+)"$/m.exec(text)?.[1];
    const page = read("docs/deploy.md");
    const template = read("templates/cloudflare-worker/wrangler.toml");
    expect(main(page)).to.equal(main(template));
    expect(page).to.include(`\`${main(template)}\`:`);
    for (const line of ["compatibility_date", "compatibility_flags"]) {
      expect(new RegExp(`^${line} = .*$`, "m").exec(page)?.[0], line).to.equal(
        new RegExp(`^${line} = .*$`, "m").exec(template)?.[0],
      );
    }
  });

  it("docs/migrating.md: load passes { app, getRouter } first, and says what works with nock 15", () => {
    const page = read("docs/migrating.md").replace(/\s+/g, " ");
    expect(page).not.to.include("`fn(app, { cwd })`");
    expect(page).to.include("`fn({ app, getRouter }, { app, cwd, addHandler })`");
    expect(page).to.include('require("nock").default');
    expect(page).to.include("nock@14");
  });
});
