import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { isAppError } from "../../src/errors.js";
import type { ApplicationFunctionOptions } from "../../src/types/index.js";
import { getLog } from "../../src/log/get-log.js";
import { PRIVATE_KEY_HINT } from "../../src/private-key/get-private-key.js";
import { run, type RunningServer, type RunOptions } from "../../src/run/run.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { startEventStreamServer } from "../helpers/event-stream-server.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { sign } from "../helpers/sign.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/apps/${name}`, import.meta.url));

describe("run()", () => {
  let platform: FakePlatform;
  let cwd: string;
  let logs: LogCapture;
  let server: RunningServer | undefined;

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  after(() => platform.close());
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "run-"));
    logs = createLogCapture();
  });
  afterEach(async () => {
    await server?.stop({ graceMs: 100 });
    server = undefined;
    rmSync(cwd, { recursive: true, force: true });
    platform.reset();
  });

  const credentials = () => ({ APP_ID: "1", PRIVATE_KEY: getTestKeys().privateKeyPkcs1, WEBHOOK_SECRET: TEST_SECRET });

  async function start(apps: Parameters<typeof run>[0], options: RunOptions = {}): Promise<RunningServer> {
    server = await run(apps, {
      cwd,
      handleSignals: false,
      ...options,
      env: { PORT: "0", HOST: "127.0.0.1", ...options.env },
      overrides: {
        baseUrl: platform.url,
        log: getLog({ level: "debug", logFormat: "json", destination: logs.stream }),
        ...options.overrides,
      },
    });
    return server;
  }

  async function deliver(path = "/api/github/webhooks", secret = TEST_SECRET): Promise<Response> {
    const body = JSON.stringify(issuesOpenedPayload());
    return fetch(server!.url + path, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-github-event": "issues",
        "x-github-delivery": "delivery-1",
        "x-hub-signature-256": sign(secret, body),
      },
      body,
    });
  }

  async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string; hint?: string }> {
    try {
      await promise;
    } catch (error) {
      return error as Error & { code?: string; hint?: string };
    }
    throw new Error("Expected a rejection");
  }

  it("runs an app function: a signed delivery reaches it and it comments with the installation's token", async () => {
    await start(
      ({ app }: ApplicationFunctionOptions) => {
        app.on("issues.opened", async (context) => {
          await context.client.issues.createComment(context.issue({ body: "Hello" }));
        });
      },
      { env: credentials() },
    );
    expect(server!.setupMode).to.equal(false);
    const response = await deliver();
    expect(response.status, await response.text()).to.equal(200);
    const comments = platform.comments();
    expect(comments).to.have.length(1);
    expect(comments[0]).to.deep.include({ owner: "octo", repo: "hello", issue_number: 7, body: "Hello" });
    expect(comments[0]!.auth.type).to.equal("installation");
    expect(logs.text()).to.include("listening on http://127.0.0.1:").and.include("Welcome! Go to http://localhost:");
  });

  it("loads apps by path and from package.json app.apps, resolved from the working folder", async () => {
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ type: "module", app: { apps: ["./b.js", "./a.js"] } }));
    writeFileSync(
      join(cwd, "a.js"),
      'export default ({ getRouter }) => { getRouter("/a").get("/", (c) => c.text("A")); };',
    );
    writeFileSync(
      join(cwd, "b.js"),
      'export default ({ getRouter }) => { getRouter("/b").get("/", (c) => c.text("B")); };',
    );
    await start(["./a.js"], { env: credentials() });
    expect(await (await fetch(`${server!.url}/a`)).text()).to.equal("A");
    expect(await (await fetch(`${server!.url}/b`)).text()).to.equal("B");
  });

  it("loads the apps of package.json's probot key, as probot run did, when it has no app key", async () => {
    writeFileSync(join(cwd, "package.json"), JSON.stringify({ type: "module", probot: { apps: ["./a.js"] } }));
    writeFileSync(
      join(cwd, "a.js"),
      'export default ({ getRouter }) => { getRouter("/a").get("/", (c) => c.text("A")); };',
    );
    await start([], { env: credentials() });
    expect(await (await fetch(`${server!.url}/a`)).text()).to.equal("A");
  });

  it("reads a package.json saved with a byte order mark, as Node and npm do", async () => {
    const manifest = { type: "module", app: { apps: ["./a.js"] } };
    writeFileSync(join(cwd, "package.json"), `\uFEFF${JSON.stringify(manifest, null, "\t")}`);
    writeFileSync(
      join(cwd, "a.js"),
      'export default ({ getRouter }) => { getRouter("/a").get("/", (c) => c.text("A")); };',
    );
    await start([], { env: credentials() });
    expect(await (await fetch(`${server!.url}/a`)).text()).to.equal("A");
  });

  it("loads .env from the working folder beneath the environment, which wins", async () => {
    writeFileSync(join(cwd, "key.pem"), getTestKeys().privateKeyPkcs1);
    writeFileSync(join(cwd, ".env"), "APP_ID=1\nPRIVATE_KEY_PATH=key.pem\nWEBHOOK_SECRET=secret-from-dotenv\n");
    await start([fixture("comment.js")], { env: { WEBHOOK_SECRET: "secret-from-env" } });
    expect(server!.setupMode).to.equal(false);
    expect((await deliver(undefined, "secret-from-dotenv")).status).to.equal(400);
    expect((await deliver(undefined, "secret-from-env")).status).to.equal(200);
    expect(platform.comments()).to.have.length(1);
  });

  it("lets overrides (flags) win over the environment", async () => {
    await start([fixture("comment.js")], {
      env: { ...credentials(), WEBHOOK_PATH: "/env-hooks" },
      overrides: { webhookPath: "/flag-hooks" },
    });
    expect((await deliver("/flag-hooks")).status).to.equal(200);
    expect((await deliver("/env-hooks")).status).to.equal(404);
  });

  it("outside production without a secret uses the development secret, warns, and listens on 127.0.0.1 only", async () => {
    const { WEBHOOK_SECRET: _unused, ...withoutSecret } = credentials();
    server = await run([fixture("comment.js")], {
      cwd,
      handleSignals: false,
      env: { PORT: "0", ...withoutSecret },
      overrides: { baseUrl: platform.url, log: getLog({ logFormat: "json", destination: logs.stream }) },
    });
    expect(server.host).to.equal("127.0.0.1");
    expect(logs.text()).to.include('using \\"development\\"').and.include("Listening on 127.0.0.1 only");
    expect((await deliver(undefined, "development")).status).to.equal(200);
  });

  const production: ReadonlyArray<[string, Record<string, string>, RegExp]> = [
    ["nothing set", {}, /^In production, set APP_ID, PRIVATE_KEY and WEBHOOK_SECRET\.$/],
    ["no key and no secret", { APP_ID: "1", PRIVATE_KEY: "" }, /^In production, set PRIVATE_KEY and WEBHOOK_SECRET\.$/],
    ["only the key missing", { APP_ID: "1", WEBHOOK_SECRET: TEST_SECRET }, /^In production, set PRIVATE_KEY\.$/],
  ];
  for (const [label, env, message] of production) {
    it(`in production refuses to start with ${label}, naming what to set`, async () => {
      const error = await rejection(start([fixture("comment.js")], { env: { NODE_ENV: "production", ...env } }));
      expect(isAppError(error)).to.equal(true);
      expect(error.code).to.equal("APP_CREDENTIALS_MISSING");
      expect(error.message).to.match(message);
      expect(server).to.equal(undefined);
    });
  }

  it("in production with a key but no secret names WEBHOOK_SECRET only, and never uses the development secret", async () => {
    const { WEBHOOK_SECRET: _unused, ...withoutSecret } = credentials();
    const error = await rejection(
      start([fixture("comment.js")], { env: { NODE_ENV: "production", ...withoutSecret } }),
    );
    expect(error.message).to.equal("In production, set WEBHOOK_SECRET.");
    // The key was found: the hint does not send the user looking for one.
    expect(error.hint).to.equal("Setup mode is off when NODE_ENV=production.");
  });

  it("in setup mode serves the setup flow and neither imports nor serves the given apps", async () => {
    await start([fixture("router.js"), fixture("throws.js")]);
    expect(server!.setupMode).to.equal(true);
    expect((await fetch(`${server!.url}/hello/world`)).status).to.equal(404);
    expect((await fetch(`${server!.url}/app/setup`)).status).to.equal(200);
    expect(logs.text()).to.include("running in setup mode").and.include("/app/setup");
  });

  it("in setup mode says which credential is missing: with APP_ID set, the hint naming the key's sources", async () => {
    await start([fixture("comment.js")], { env: { APP_ID: "1" } });
    expect(server!.setupMode).to.equal(true);
    expect(logs.text()).to.include("APP_ID is set but no private key was found").and.include(PRIVATE_KEY_HINT);
    await server!.stop({ graceMs: 100 });
    logs = createLogCapture();
    await start([fixture("comment.js")], { env: { PRIVATE_KEY: getTestKeys().privateKeyPkcs1 } });
    expect(logs.text()).to.include("A private key was found but no APP_ID");
  });

  it("rejects with the app's error when an app fails to load, leaving nothing listening", async () => {
    const error = await rejection(start([fixture("throws.js")], { env: credentials() }));
    expect(error.message).to.equal("This app failed to load on purpose");
    expect(server).to.equal(undefined);
  });

  it("rejects an app id that cannot be found with APP_FUNCTION_NOT_FOUND", async () => {
    const error = await rejection(start(["./missing.js"], { env: credentials() }));
    expect(error.code).to.equal("APP_FUNCTION_NOT_FOUND");
  });

  it("reads Probot's run(process.argv): the node binary and the script are not apps", async () => {
    writeFileSync(
      join(cwd, "a.cjs"),
      'module.exports = ({ getRouter }) => { getRouter("/a").get("/", (c) => c.text("A")); };',
    );
    await start([process.execPath, join(cwd, "start.js"), "./a.cjs"], { env: credentials() });
    expect(await (await fetch(`${server!.url}/a`)).text()).to.equal("A");
    await server!.stop({ graceMs: 100 });
    // As another machine's argv names it; a flag after them is refused, as in the list of apps.
    const error = await rejection(
      start(["/usr/local/bin/node", "start.js", "-p", "3000", "./a.cjs"], { env: credentials() }),
    );
    expect(error.code).to.equal("OPTION_INVALID");
    expect(error.message).to.include('"-p"');
  });

  it("refuses flags in the list of apps", async () => {
    const error = await rejection(start(["--port", "3000"], { env: credentials() }));
    expect(error.code).to.equal("OPTION_INVALID");
    expect(error.message).to.include("--port");
  });

  it("relays deliveries from WEBHOOK_PROXY_URL to the apps, and stop() closes the channel", async () => {
    const channel = await startEventStreamServer();
    try {
      await start([fixture("comment.js")], { env: { ...credentials(), WEBHOOK_PROXY_URL: channel.url } });
      expect(server!.proxy).not.to.equal(undefined);
      await channel.waitForConnections(1);
      const raw = JSON.stringify(issuesOpenedPayload());
      channel.sendDelivery({
        "content-type": "application/json",
        "x-github-event": "issues",
        "x-github-delivery": "relayed-1",
        "x-hub-signature-256": sign(TEST_SECRET, raw),
        body: JSON.parse(raw) as unknown,
        rawBody: raw,
      });
      for (let attempt = 0; platform.comments().length === 0 && attempt < 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(platform.comments()).to.have.length(1);
      await server!.stop();
      server = undefined;
      for (let attempt = 0; channel.openCount() > 0 && attempt < 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(channel.openCount()).to.equal(0);
      expect(logs.text()).not.to.include(channel.url);
    } finally {
      await channel.close();
    }
  });

  it("stop() closes the server", async () => {
    await start([fixture("comment.js")], { env: credentials() });
    const { url } = server!;
    expect((await fetch(`${url}/ping`)).status).to.equal(200);
    await server!.stop();
    server = undefined;
    const failure = await rejection(fetch(`${url}/ping`));
    expect(failure).to.be.instanceOf(Error);
  });
});
