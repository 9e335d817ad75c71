import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { parse } from "dotenv";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { sign } from "../helpers/sign.js";
import { spawnApp } from "../helpers/spawn-app.js";
import { issuesOpenedPayload } from "../helpers/test-app.js";
import { addManifestConversions, extractState } from "./manifest-conversions.js";

const APP = fileURLToPath(new URL("../fixtures/apps/comment.js", import.meta.url));
const BUILT = fileURLToPath(new URL("../../dist/node/commands/run.js", import.meta.url));

describe("setup mode end to end: app run without credentials, then with the .env it wrote", function () {
  this.timeout(60_000);
  let platform: FakePlatform;
  let cwd: string;

  before(async () => {
    if (!existsSync(BUILT)) throw new Error("Build first: npx tsc -p tsconfig.json (npm test does it in pretest).");
    // The app the manifest flow creates has id 4242: the platform checks JWTs for it.
    platform = await startFakePlatform({ appId: 4242, publicKey: getTestKeys().publicKey });
    cwd = mkdtempSync(join(tmpdir(), "setup-process-"));
  });
  after(async () => {
    await platform.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it("registers the app through the manifest flow, writes .env (0600), and the next start runs the app", async () => {
    const conversion = addManifestConversions(platform, getTestKeys().privateKeyPkcs1, { id: 4242 }).issueCode();
    const setup = await spawnApp({ args: ["--base-url", platform.url, APP], env: { PORT: "0" }, cwd });
    await setup.waitForOutput(/running in setup mode/);
    expect(setup.url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answers: string[] = [];
    const get = async (path: string) => {
      const response = await fetch(setup.url + path, { redirect: "manual" });
      const text = await response.text();
      answers.push(text);
      return { status: response.status, location: response.headers.get("location"), text };
    };

    const state = extractState((await get("/app/setup")).text);
    const callback = await get(`/app/setup?code=${conversion.code}&state=${state}`);
    expect(callback.status, callback.text).to.equal(302);
    expect(callback.location).to.equal("/app/success");
    expect((await get("/app/success")).text).to.include(`${conversion.htmlUrl}/installations/new`);
    const forged = await fetch(`${setup.url}/app/import`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ appId: "1", webhookSecret: "x".repeat(10), privateKey: "y" }).toString(),
    });
    expect(forged.status).to.equal(403);

    const envFile = join(cwd, ".env");
    expect(statSync(envFile).mode & 0o777).to.equal(0o600);
    expect(parse(readFileSync(envFile, "utf8"))).to.include({
      APP_ID: "4242",
      PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
      WEBHOOK_SECRET: conversion.webhookSecret,
      GITHUB_CLIENT_SECRET: conversion.clientSecret,
    });
    setup.kill("SIGTERM");
    expect((await setup.exit).code).to.equal(0);

    // Restarted with nothing in the environment: .env has it all.
    const running = await spawnApp({
      args: ["--base-url", platform.url, APP],
      env: { PORT: "0", HOST: "127.0.0.1" },
      cwd,
    });
    const body = JSON.stringify(issuesOpenedPayload());
    const delivery = await fetch(`${running.url}/api/github/webhooks`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-github-event": "issues",
        "x-github-delivery": "after-setup",
        "x-hub-signature-256": sign(conversion.webhookSecret, body),
      },
      body,
    });
    expect(delivery.status, await delivery.text()).to.equal(200);
    expect(platform.comments().map((comment) => comment.body)).to.deep.equal(["Thanks for opening this issue!"]);
    running.kill("SIGTERM");
    expect((await running.exit).code).to.equal(0);
    expect(running.stdout()).not.to.include("setup mode");

    const seen = [...answers, setup.stdout(), setup.stderr(), running.stdout(), running.stderr()].join("\n");
    for (const secret of [
      getTestKeys().privateKeyPkcs1.split("\n")[1]!,
      conversion.webhookSecret,
      conversion.clientSecret,
      conversion.code,
    ]) {
      expect(seen).not.to.include(secret);
    }
  });
});
