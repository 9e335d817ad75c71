import { expect } from "chai";
import { Hono } from "hono";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDefaultApp, defaultApp, defaultAppFns } from "../../src/apps/default.js";
import * as root from "../../src/index.js";
import type { ApplicationFunction } from "../../src/types/index.js";
import { createTestApp } from "../helpers/test-app.js";

/** Loads `appFn` on a bare Hono router and returns it with the app's log. */
async function host(appFn: ApplicationFunction, options: Parameters<typeof createTestApp>[1] = {}) {
  const { app, logs } = createTestApp(undefined, options);
  const router = new Hono();
  await app.load(appFn, { getRouter: (path) => (path ? router.basePath(path) : router) });
  return { router, logs };
}

describe("createDefaultApp", () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "default-app-"));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  it("serves GET /app as HTML with the package's fields, escaped", async () => {
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ name: "a<b", version: "1.0.0", description: "x & y" }));
    const { router } = await host(createDefaultApp({ cwd, env: { PROJECT_DOMAIN: "https://a.example" } }));
    const response = await router.request("/app");
    expect(response.status).to.equal(200);
    expect(response.headers.get("content-type")).to.match(/^text\/html; charset=utf-8/i);
    expect(response.headers.get("content-security-policy")).to.include("default-src 'none'");
    const html = await response.text();
    expect(html).to.include("<h1>a&lt;b</h1>").and.include("v1.0.0").and.include("x &amp; y");
    expect(html).to.include("https://a.example/api/github/webhooks");
  });

  it("reads package.json once, when loaded", async () => {
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ name: "first" }));
    const { router } = await host(createDefaultApp({ cwd, env: {} }));
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ name: "second" }));
    expect(await (await router.request("/app")).text()).to.include("<h1>first</h1>");
  });

  it("shows the port the server got when it was asked for any free port (PORT=0)", async () => {
    const { router } = await host(createDefaultApp({ cwd, env: { PORT: "0" } }));
    const html = await (await router.request("http://localhost:45678/app")).text();
    expect(html).to.include("http://localhost:45678/api/github/webhooks").and.not.include("localhost:0");
  });

  it("shows generic text without a package.json", async () => {
    const { router, logs } = await host(createDefaultApp({ cwd, env: { PORT: "4567" } }));
    const html = await (await router.request("/app")).text();
    expect(html).to.include("<h1>Your GitHub App</h1>").and.include("http://localhost:4567/api/github/webhooks");
    expect(logs.lines()).to.deep.equal([]);
  });

  it("warns once, in one line, about a package.json that is not JSON", async () => {
    writeFileSync(join(cwd, "package.json"), "{ not json");
    const { router, logs } = await host(createDefaultApp({ cwd, env: {} }));
    expect((await router.request("/app")).status).to.equal(200);
    const warnings = logs.records().filter((record) => record["level"] === 40);
    expect(warnings).to.have.length(1);
    expect(warnings[0]!["msg"]).to.match(/package\.json could not be read as JSON.*fix or remove the file\.$/);
  });

  it("uses the app's webhook path and port", async () => {
    const { router } = await host(createDefaultApp({ cwd, env: { PORT: "1111" } }), {
      webhookPath: "/hooks",
      port: 2222,
    });
    expect(await (await router.request("/app")).text()).to.include("http://localhost:2222/hooks");
  });

  it("serves nothing else", async () => {
    const { router } = await host(createDefaultApp({ cwd, env: {} }));
    expect((await router.request("/")).status).to.equal(404);
    expect((await router.request("/app", { method: "POST" })).status).to.equal(404);
  });
});

describe("defaultApp", () => {
  it("shows the working folder's package.json, and is the only default app function", async () => {
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { name: string; version: string };
    const { router } = await host(defaultApp);
    const html = await (await router.request("/app")).text();
    expect(html).to.include(`<h1>${manifest.name}</h1>`).and.include(`v${manifest.version}`);
    expect(defaultAppFns).to.deep.equal([defaultApp]);
    expect(Object.isFrozen(defaultAppFns)).to.equal(true);
    expect([root.defaultApp, root.defaultAppFns, root.createDefaultApp]).to.deep.equal([
      defaultApp,
      defaultAppFns,
      createDefaultApp,
    ]);
  });
});
