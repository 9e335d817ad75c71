import { expect } from "chai";
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { startTestServer, type TestServer } from "./start-test-server.js";

/** The Hono forms app migrate and docs/server.md give for Probot's docs' Express routes, served for real. */
describe("getRouter(): the Hono forms of Probot's Express example", () => {
  let test: TestServer;
  let folder: string;
  before(async () => {
    folder = mkdtempSync(join(tmpdir(), "hono-forms-"));
    mkdirSync(join(folder, "public"));
    writeFileSync(join(folder, "public", "site.css"), "body { color: red; }");
    // serveStatic reads root from the working directory.
    const root = relative(process.cwd(), join(folder, "public"));
    test = await startTestServer(({ getRouter }) => {
      const router = getRouter("/my-app");
      router.use("/*", serveStatic({ root, rewriteRequestPath: (path) => path.replace(/^\/my-app/, "") }));
      router.get("/hello-world", (c) => c.html("Hello World"));
    });
  });
  after(async () => {
    await test.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("answers (c) => c.html(s) as Express's res.send(s): 200 text/html", async () => {
    const response = await fetch(`${test.url}/my-app/hello-world`);
    expect(response.status).to.equal(200);
    expect(response.headers.get("content-type")).to.match(/^text\/html; charset=utf-8$/i);
    expect(await response.text()).to.equal("Hello World");
  });

  it("serves public/ under the router's path, as express.static did", async () => {
    const response = await fetch(`${test.url}/my-app/site.css`);
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal("body { color: red; }");
    expect((await fetch(`${test.url}/my-app/missing.css`)).status).to.equal(404);
  });
});
