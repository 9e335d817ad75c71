import { expect } from "chai";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../helpers/browser.js";
import { getTestKeys } from "../helpers/keys.js";
import { sign } from "../helpers/sign.js";
import { spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { runBin } from "../commands/run-bin.js";

const SECRET = "setup-mode-secret";

describe("setup mode tells the truth (app run without credentials, seen in Chromium)", function () {
  this.timeout(60_000);
  let cwd: string;
  let server: SpawnedApp;
  let browser: Browser;

  before(async () => {
    cwd = mkdtempSync(join(tmpdir(), "setup-truth-"));
    server = await spawnApp({ args: [], env: { PORT: "0", WEBHOOK_SECRET: SECRET }, cwd });
    await server.waitForOutput(/running in setup mode/);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    server?.kill("SIGTERM");
    await server?.exit;
    rmSync(cwd, { recursive: true, force: true });
  });

  it("does not claim saved credentials on /app/success when no .env was written", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/app/success`);
    const text = await page.locator("main").innerText();
    expect(existsSync(join(cwd, ".env"))).to.equal(false);
    expect(await page.locator("h1").innerText()).to.equal("Your GitHub App is not set up yet");
    expect(text).to.include("No credentials were saved");
    expect(text).not.to.include("credentials are saved");
    expect(text).not.to.include("Restart the server");
    await page.close();
  });

  it("shows no command-line advice in the import form for a bad key", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/app/import`);
    await page.fill("input[name=appId]", "123");
    await page.fill("input[name=webhookSecret]", "a-secret-of-mine");
    // Only the first line of a key generated now: what a paste that lost the rest looks like.
    await page.fill("textarea[name=privateKey]", getTestKeys().privateKeyPkcs1.split("\n")[0]!);
    await page.click("button[type=submit]");
    const alert = await page.locator("[role=alert]").innerText();
    expect(alert).to.include("holds only the first line of the key");
    expect(alert).to.include("Paste the whole contents of the .pem file");
    for (const advice of ["PRIVATE_KEY", "--private-key", ".env", "openssl", "line break"])
      expect(alert).not.to.include(advice);
    const page2 = await page.locator("main").innerText();
    expect(page2).not.to.match(/\bapp (setup|run)\b|npx /);
    await page.close();
  });

  it("answers a signed delivery 503 JSON 'not configured' and warns once", async () => {
    const deliver = (id: string) => {
      const body = JSON.stringify({ action: "opened", installation: { id: 1 } });
      return fetch(`${server.url}/api/github/webhooks`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-github-event": "issues",
          "x-github-delivery": id,
          "x-hub-signature-256": sign(SECRET, body),
        },
        body,
      });
    };
    const first = await deliver("d-1");
    expect(first.status).to.equal(503);
    expect(first.headers.get("content-type")).to.match(/^application\/json/);
    expect(((await first.json()) as { error: string }).error).to.match(/^The app is not configured/);
    expect((await deliver("d-2")).status).to.equal(503);
    await server.waitForOutput(/POST \/api\/github\/webhooks 503.*\n[\s\S]*POST \/api\/github\/webhooks 503/);
    const warnings = server.stdout().match(/arrived in setup mode/g) ?? [];
    expect(warnings).to.have.length(1);
  });

  it("logs one line per HTTP request at info", async () => {
    await fetch(`${server.url}/ping`);
    await server.waitForOutput(/GET \/ping 200/);
    const tail = server.stdout().slice(server.stdout().indexOf("GET /ping 200"));
    const lines = tail.split("\n").filter((line) => line.trim() !== "");
    expect(lines, tail).to.have.length(1);
  });
});

describe("app setup --yes: what it writes and advises", function () {
  this.timeout(30_000);
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "setup-yes-"));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  it("writes no PROJECT_DOMAIN unless one is given, and sends the webhook to a smee channel, started by npm start", async () => {
    writeFileSync(
      join(cwd, "package.json"),
      JSON.stringify({ name: "my-bot", scripts: { start: "app run ./index.js" } }),
    );
    const result = await runBin(["setup", "--yes", "--app-id", "123"], { cwd, env: { PORT: "4567" } });
    expect(result.code, result.stderr).to.equal(0);
    const env = readFileSync(join(cwd, ".env"), "utf8");
    expect(env).to.include("APP_ID=123").and.not.include("PROJECT_DOMAIN");
    expect(result.stdout).not.to.match(/webhook URL to http:\/\/localhost/);
    expect(result.stdout).to.include("GitHub cannot deliver webhooks to a localhost address: open https://smee.io/new");
    expect(result.stdout).to.include("Then start the app with `npm start`.");
    expect(result.stdout).not.to.include("app run`");
  });

  it("writes the PROJECT_DOMAIN given, and names the webhook URL on it", async () => {
    const result = await runBin(["setup", "--yes", "--app-id", "123", "--domain", "https://bot.example.com"], { cwd });
    expect(result.code, result.stderr).to.equal(0);
    expect(readFileSync(join(cwd, ".env"), "utf8")).to.include("PROJECT_DOMAIN=https://bot.example.com");
    expect(result.stdout).to.include("set the webhook URL to https://bot.example.com/api/github/webhooks");
    expect(result.stdout).to.include("Then start the app with `app run ./index.js` (your app's file).");
  });
});
