import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { parse } from "dotenv";
import { getLog } from "../../src/log/get-log.js";
import { run, type RunningServer } from "../../src/run/run.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { addManifestConversions, extractState } from "./manifest-conversions.js";

describe("setup mode: the manifest flow and the import form", () => {
  let platform: FakePlatform;
  let conversions: ReturnType<typeof addManifestConversions>;
  let cwd: string;
  let logs: LogCapture;
  let server: RunningServer;
  /** Every body the server answered with, to check for secrets. */
  let answered: string[];
  const pem = () => getTestKeys().privateKeyPkcs1;
  const pemBody = () => pem().split("\n")[1]!;

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    conversions = addManifestConversions(platform, pem());
  });
  after(() => platform.close());

  beforeEach(async () => {
    cwd = mkdtempSync(join(tmpdir(), "setup-flow-"));
    logs = createLogCapture();
    answered = [];
    server = await run([], {
      cwd,
      env: { PORT: "0" },
      handleSignals: false,
      overrides: {
        baseUrl: platform.url,
        log: getLog({ level: "debug", logFormat: "json", destination: logs.stream }),
      },
    });
  });
  afterEach(async () => {
    await server.stop({ graceMs: 100 });
    rmSync(cwd, { recursive: true, force: true });
    platform.reset();
  });

  async function get(path: string): Promise<Response & { text: string }> {
    const response = await fetch(server.url + path, { redirect: "manual" });
    const text = await response.text();
    answered.push(text, response.headers.get("location") ?? "");
    return Object.assign(response, { text });
  }

  async function post(path: string, form: Record<string, string>, type = "application/x-www-form-urlencoded") {
    const response = await fetch(server.url + path, {
      method: "POST",
      // As a browser does for a form on the page itself.
      headers: { "content-type": type, origin: server.url },
      body: type.includes("json") ? JSON.stringify(form) : new URLSearchParams(form).toString(),
      redirect: "manual",
    });
    const text = await response.text();
    answered.push(text, response.headers.get("location") ?? "");
    return Object.assign(response, { text });
  }

  const envFile = () => join(cwd, ".env");

  it("starts in setup mode, sends / to /app/setup, and keeps serving the default app", async () => {
    expect(server.setupMode).to.equal(true);
    const root = await get("/");
    expect(root.status).to.equal(302);
    expect(root.headers.get("location")).to.equal("/app/setup");
    expect((await get("/app")).status).to.equal(200);
  });

  it("GET /app/setup shows a form posting this server's manifest to the platform, with a one-time state", async () => {
    const page = await get("/app/setup");
    expect(page.status).to.equal(200);
    expect(page.headers.get("cache-control")).to.equal("no-store");
    expect(page.headers.get("content-security-policy")).to.include(`form-action ${platform.origin}`);
    const action = /<form action="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, "&");
    expect(action).to.match(new RegExp(`^${platform.origin}/settings/apps/new\\?state=[A-Za-z0-9_-]{43}$`));
    const manifest = JSON.parse(
      /name="manifest" value="([^"]+)"/
        .exec(page.text)![1]!
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&"),
    );
    expect(manifest).to.deep.include({
      url: server.url,
      redirect_url: `${server.url}/app/setup`,
      hook_attributes: { url: `${server.url}/api/github/webhooks` },
      public: false,
    });
  });

  it("exchanges GitHub's code, writes the credentials to .env (0600) and shows the next steps, never the secrets", async () => {
    const state = extractState((await get("/app/setup")).text);
    const conversion = conversions.issueCode();
    const callback = await get(`/app/setup?code=${conversion.code}&state=${state}`);
    expect(callback.status, callback.text).to.equal(302);
    expect(callback.headers.get("location")).to.equal("/app/success");

    expect(statSync(envFile()).mode & 0o777).to.equal(0o600);
    expect(parse(readFileSync(envFile(), "utf8"))).to.deep.equal({
      APP_ID: "4242",
      PRIVATE_KEY: pem(),
      WEBHOOK_SECRET: conversion.webhookSecret,
      GITHUB_CLIENT_ID: conversion.clientId,
      GITHUB_CLIENT_SECRET: conversion.clientSecret,
    });
    const success = await get("/app/success");
    expect(success.text)
      .to.include("https://github.com/apps/greeter/installations/new")
      .and.include("Restart the server");
    expect(success.text).to.include("<code>npx app doctor</code>");
    expect(platform.callsTo("POST", "/app-manifests/:code/conversions")).to.have.length(1);

    const seen = answered.join("\n") + logs.text();
    for (const secret of [pemBody(), conversion.webhookSecret, conversion.clientSecret, conversion.code]) {
      expect(seen).not.to.include(secret);
    }
    expect(logs.text()).to.include("Restart the server");
  });

  it("refuses a callback whose state is missing, replayed, or issued for the import form (403, no exchange)", async () => {
    const state = extractState((await get("/app/setup")).text);
    const first = conversions.issueCode();
    expect((await get(`/app/setup?code=${first.code}&state=${state}`)).status).to.equal(302);
    rmSync(envFile());
    const importState = extractState((await get("/app/import")).text);
    for (const query of [
      `code=${conversions.issueCode().code}`,
      `code=x&state=${state}`,
      `code=x&state=${importState}`,
    ]) {
      const refused = await get(`/app/setup?${query}`);
      expect(refused.status, query).to.equal(403);
      expect(refused.text).to.include("did not come from this server");
    }
    expect(platform.callsTo("POST", "/app-manifests/:code/conversions")).to.have.length(1);
    expect(existsSync(envFile())).to.equal(false);
  });

  it("answers 502 and writes nothing when the platform refuses the code", async () => {
    const state = extractState((await get("/app/setup")).text);
    const page = await get(`/app/setup?code=expired0code&state=${state}`);
    expect(page.status).to.equal(502);
    expect(page.text).to.include("could not be fetched").and.include("404");
    expect(existsSync(envFile())).to.equal(false);
    expect(answered.join("\n") + logs.text()).not.to.include("expired0code");
  });

  it("refuses POST /app/import without a valid state with 403", async () => {
    const form = { appId: "1", webhookSecret: "a-secret-value", privateKey: pem() };
    expect((await post("/app/import", form)).status).to.equal(403);
    expect((await post("/app/import", { ...form, state: "forged" })).status).to.equal(403);
    const state = extractState((await get("/app/import")).text);
    expect((await post("/app/import", { ...form, state }, "application/json")).status).to.equal(403);
    expect(existsSync(envFile())).to.equal(false);
  });

  it("shows the import form again with the reason for a bad key, without the key or the secret", async () => {
    const state = extractState((await get("/app/import")).text);
    const secret = "typed-webhook-secret-123";
    const truncated = pem().slice(0, 200);
    const page = await post("/app/import", { state, appId: "77", webhookSecret: secret, privateKey: truncated });
    expect(page.status).to.equal(400);
    expect(page.text).to.include("The private key is truncated").and.include('value="77"');
    expect(extractState(page.text)).not.to.equal(state);
    expect(page.text).not.to.include(secret);
    expect(page.text).not.to.include(truncated.split("\n")[1]!);
    expect(existsSync(envFile())).to.equal(false);
  });

  it("refuses an app id that is not a whole number", async () => {
    const state = extractState((await get("/app/import")).text);
    const page = await post("/app/import", { state, appId: "12abc", webhookSecret: "s3cret-value", privateKey: pem() });
    expect(page.status).to.equal(400);
    expect(page.text).to.include("The App ID is a whole number");
  });

  it("saves an imported app's credentials to .env (0600) and redirects to the success page", async () => {
    const state = extractState((await get("/app/import")).text);
    const secret = "imported-webhook-secret";
    const page = await post("/app/import", {
      state,
      appId: " 99 ",
      webhookSecret: secret,
      privateKey: pem().replace(/\n/g, "\r\n"),
    });
    expect(page.status, page.text).to.equal(302);
    expect(page.headers.get("location")).to.equal("/app/success");
    expect(statSync(envFile()).mode & 0o777).to.equal(0o600);
    expect(parse(readFileSync(envFile(), "utf8"))).to.deep.equal({
      APP_ID: "99",
      PRIVATE_KEY: pem(),
      WEBHOOK_SECRET: secret,
    });
    expect(answered.join("\n") + logs.text())
      .not.to.include(secret)
      .and.not.include(pemBody());
  });

  it("answers 413 for a form over 64 KiB", async () => {
    const page = await post("/app/import", { state: "x", privateKey: "k".repeat(70 * 1024) });
    expect(page.status).to.equal(413);
  });
});
