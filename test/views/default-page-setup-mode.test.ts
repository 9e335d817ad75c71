import { expect } from "chai";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnApp } from "../helpers/spawn-app.js";

// `/app` of a server still in setup mode (no credentials): it must not say
// the app runs, nor give a webhook URL, and must lead to the setup.
describe("GET /app in setup mode", function () {
  this.timeout(60_000);

  it("says setup is not done and links to /app/setup, without Running or a webhook URL", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "app-page-setup-"));
    const server = await spawnApp({ args: [], env: { PORT: "0" }, cwd });
    try {
      const response = await fetch(`${server.url}/app`);
      expect(response.status).to.equal(200);
      const html = await response.text();
      expect(html).not.to.include(">Running<");
      expect(html).not.to.include("/api/github/webhooks");
      expect(html).to.include("Setup not done");
      expect(html).to.match(/<a [^>]*href="\/app\/setup"/);
    } finally {
      server.kill("SIGTERM");
      await server.exit;
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
