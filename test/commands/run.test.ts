import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { startSentryIngest } from "../helpers/sentry-ingest.js";
import { sign } from "../helpers/sign.js";
import { runToExit, spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";

type Example = Record<string, unknown>;
const exampleIssuesOpened = (): Example => {
  const all = createRequire(import.meta.url)("@octokit/webhooks-examples/api.github.com/index.json") as Array<{
    name: string;
    examples: Example[];
  }>;
  return all.find((entry) => entry.name === "issues")!.examples.find((example) => example.action === "opened")!;
};
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/apps/${name}`, import.meta.url));
const BUILT = fileURLToPath(new URL("../../dist/node/commands/run.js", import.meta.url));

/** Posts a signed `issues.opened` delivery; `headers` replace the signed ones. */
async function deliver(url: string, headers: Record<string, string | undefined> = {}): Promise<Response> {
  const body = JSON.stringify(issuesOpenedPayload());
  const all: Record<string, string | undefined> = {
    "content-type": "application/json",
    "x-github-event": "issues",
    "x-github-delivery": "delivery-run-1",
    "x-hub-signature-256": sign(TEST_SECRET, body),
    ...headers,
  };
  const sent = Object.fromEntries(
    Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return fetch(`${url}/api/github/webhooks`, { method: "POST", headers: sent, body });
}

describe("app run (the built command, in its own process)", function () {
  this.timeout(60_000);
  let platform: FakePlatform;
  let cwd: string;

  before(async function () {
    if (!existsSync(BUILT)) throw new Error("Build first: npx tsc -p tsconfig.json (npm test does it in pretest).");
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  after(() => platform.close());
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "app-run-"));
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  // Only what a test sets: never this process's environment.
  const env = (extra: Record<string, string> = {}) => ({
    APP_ID: "1",
    PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
    WEBHOOK_SECRET: TEST_SECRET,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "debug",
    ...extra,
  });
  const start = (apps: string[], extra: Record<string, string> = {}, folder = cwd, flags: string[] = []) =>
    spawnApp({ args: [...apps.map(fixture), "--base-url", platform.url, ...flags], env: env(extra), cwd: folder });

  describe("serving apps", () => {
    let child: SpawnedApp;
    let folder: string;
    before(async () => {
      platform.reset();
      folder = mkdtempSync(join(tmpdir(), "app-run-serving-"));
      child = await start(["comment.js", "router.js"], {}, folder);
    });
    after(() => {
      child.kill("SIGKILL");
      rmSync(folder, { recursive: true, force: true });
    });

    it("logs the version, the address and the welcome line", async () => {
      expect(child.url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      await child.waitForOutput(/Welcome!/);
      expect(child.stdout()).to.match(/gh-app-kit \S+ listening on http:\/\/127\.0\.0\.1:\d+/);
      expect(child.stdout()).to.match(/Welcome! Go to http:\/\/localhost:\d+ to get started\./);
    });

    it("runs the handler of a signed delivery, which comments with an installation token", async () => {
      const response = await deliver(child.url);
      expect(response.status, await response.text()).to.equal(200);
      const comments = platform.comments();
      expect(comments).to.have.length(1);
      expect(comments[0]).to.deep.include({
        owner: "octo",
        repo: "hello",
        issue_number: 7,
        body: "Thanks for opening this issue!",
      });
      expect(comments[0]!.auth.type).to.equal("installation");
    });

    it("runs the handler for the platform's own example issues.opened payload", async () => {
      const before = platform.comments().length;
      const example = structuredClone(exampleIssuesOpened());
      example.installation = { id: 1 };
      const body = JSON.stringify(example);
      const response = await fetch(`${child.url}/api/github/webhooks`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-github-event": "issues",
          "x-github-delivery": "delivery-example-1",
          "x-hub-signature-256": sign(TEST_SECRET, body),
        },
        body,
      });
      expect(response.status, await response.text()).to.equal(200);
      const repository = example.repository as { name: string; owner: { login: string } };
      expect(platform.comments().slice(before)).to.have.length(1);
      expect(platform.comments().at(-1)).to.deep.include({
        owner: repository.owner.login,
        repo: repository.name,
        issue_number: (example.issue as { number: number }).number,
      });
    });

    it("answers 400 to a bad signature and runs no handler", async () => {
      const before = platform.comments().length;
      const response = await deliver(child.url, { "x-hub-signature-256": sign("another-secret", "{}") });
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { error: string }).error).to.match(/signature/i);
      expect(platform.comments()).to.have.length(before);
    });

    for (const header of ["x-github-event", "x-github-delivery", "x-hub-signature-256"]) {
      it(`answers 400 when ${header} is missing`, async () => {
        const before = platform.comments().length;
        const response = await deliver(child.url, { [header]: undefined });
        expect(response.status).to.equal(400);
        expect(((await response.json()) as { error: string }).error).to.be.a("string");
        expect(platform.comments()).to.have.length(before);
      });
    }

    it("answers /ping with PONG", async () => {
      const response = await fetch(`${child.url}/ping`);
      expect(response.status).to.equal(200);
      expect(await response.text()).to.equal("PONG");
    });

    it("serves the welcome page at /app", async () => {
      const response = await fetch(`${child.url}/app`);
      expect(response.status).to.equal(200);
      expect(response.headers.get("content-type")).to.include("text/html");
      const port = new URL(child.url).port;
      expect(await response.text()).to.include(`http://localhost:${port}/api/github/webhooks`);
    });

    it("serves an app's own route", async () => {
      const response = await fetch(`${child.url}/hello/world`);
      expect(response.status).to.equal(200);
      expect(await response.json()).to.deep.equal({ hello: "world" });
    });

    it("exits 0 on SIGTERM, and never printed the key, the secret, a JWT or a token", async () => {
      child.kill("SIGTERM");
      expect(await child.exit).to.deep.equal({ code: 0, signal: null });
      const output = child.stdout() + child.stderr();
      expect(output).to.include("Received SIGTERM");
      const issued = platform.issuedTokens();
      expect(issued).to.have.length.greaterThan(0);
      for (const secret of [getTestKeys().privateKeyPkcs1.split("\n")[1]!, TEST_SECRET, ...issued]) {
        expect(output).not.to.include(secret);
      }
      expect(output).not.to.match(/eyJ[A-Za-z0-9_-]+\.eyJ/);
    });
  });

  it("on SIGTERM lets a running handler finish, then exits 0", async () => {
    platform.reset();
    const child = await start(["slow.js"], { SLOW_HANDLER_MS: "1000" });
    const response = deliver(child.url);
    await child.waitForOutput(/slow handler started/);
    child.kill("SIGTERM");
    expect(await child.exit).to.deep.equal({ code: 0, signal: null });
    expect((await response).status).to.equal(200);
    expect(platform.comments().map((comment) => comment.body)).to.deep.equal(["slow handler finished"]);
    expect(child.stdout().indexOf("Received SIGTERM")).to.be.lessThan(child.stdout().indexOf("slow handler finished"));
  });

  it("answers 202 after --handler-timeout while the handler goes on to finish", async () => {
    platform.reset();
    const child = await start(["slow.js"], { SLOW_HANDLER_MS: "800" }, cwd, ["--handler-timeout", "200"]);
    const response = await deliver(child.url);
    expect(response.status).to.equal(202);
    await child.waitForOutput(/slow handler finished/);
    expect(platform.comments().map((comment) => comment.body)).to.deep.equal(["slow handler finished"]);
    child.kill("SIGTERM");
    expect((await child.exit).code).to.equal(0);
  });

  it("exits at once with 143 on a second SIGTERM, without waiting for the handler", async () => {
    platform.reset();
    const child = await start(["slow.js"], { SLOW_HANDLER_MS: "15000" });
    deliver(child.url).catch(() => undefined); // the process dies before answering
    await child.waitForOutput(/slow handler started/);
    child.kill("SIGTERM");
    await child.waitForOutput(/Received SIGTERM/);
    child.kill("SIGTERM");
    expect(await child.exit).to.deep.equal({ code: 143, signal: null });
    expect(child.stdout()).to.include("Received SIGTERM again");
    expect(platform.comments()).to.deep.equal([]);
  });

  describe("loads the setup flow and the proxy only when it uses them", () => {
    const REGISTER = new URL("../fixtures/register-record-imports.mjs", import.meta.url).href;
    const OPTIONAL = [
      "/dist/node/chunks/create-setup-app-",
      "/dist/node/chunks/create-webhook-proxy-",
      "/yaml/",
      "/smee-client/",
      "/ioredis/",
      "/@sentry/",
      "/@opentelemetry/",
      "/dist/node/chunks/start-telemetry-",
      "/bullmq/",
      "/msgpackr/",
      "/dist/node/chunks/create-delivery-queue-",
      "/dist/node/chunks/start-delivery-worker-",
    ];
    /** `app migrate`'s parser: never loaded by `app run`. */
    const MIGRATE_ONLY = ["/dist/node/chunks/migrate-app-", "/recast/", "/@babel/parser/"];
    /** Starts `app run` recording every module it resolves, and stops it once it listens. */
    async function loadedBy(extra: Record<string, string>): Promise<string> {
      const log = join(cwd, "imports.txt");
      const child = await spawnApp({
        args: [fixture("comment.js")],
        env: { ...env(extra), NODE_OPTIONS: `--import=${REGISTER}`, IMPORT_LOG: log },
        cwd,
      });
      child.kill("SIGKILL");
      await child.exit;
      return readFileSync(log, "utf8");
    }

    it("loads OpenTelemetry only when an OTLP endpoint is set", async () => {
      const loaded = await loadedBy({
        OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9",
        OTEL_METRICS_EXPORTER: "none",
      });
      expect(loaded).to.include("/dist/node/chunks/start-telemetry-");
      expect(loaded).to.include("/@opentelemetry/exporter-trace-otlp-proto/");
      expect(loaded, "only the protocol in use").not.to.include("/@opentelemetry/exporter-trace-otlp-http/");
    });

    it("a configured app without a proxy loads neither, nor YAML, Redis, Sentry, OpenTelemetry or app migrate's parser", async () => {
      const loaded = await loadedBy({});
      expect(loaded).to.include("/dist/node/commands/run.js");
      for (const optional of [...OPTIONAL, ...MIGRATE_ONLY]) expect(loaded, optional).not.to.include(optional);
    });

    it("each optional part of the package is a chunk of its own in the Node build, so the checks above can see it", () => {
      const chunks = readdirSync(fileURLToPath(new URL("../../dist/node/chunks/", import.meta.url)));
      for (const marker of [...OPTIONAL, ...MIGRATE_ONLY].filter((path) => path.startsWith("/dist/node/chunks/"))) {
        const name = marker.slice("/dist/node/chunks/".length);
        expect(
          chunks.filter((chunk) => chunk.startsWith(name)),
          marker,
        ).to.have.length(1);
      }
    });

    it("app --version loads none of BullMQ", async () => {
      const log = join(cwd, "version-imports.txt");
      const result = await runToExit({
        command: "--version",
        args: [],
        env: { NODE_OPTIONS: `--import=${REGISTER}`, IMPORT_LOG: log },
        cwd,
      });
      expect(result.code).to.equal(0);
      const loaded = readFileSync(log, "utf8");
      expect(loaded).to.include("/bin/run.js");
      for (const optional of ["/bullmq/", "/msgpackr/", "/ioredis/"]) expect(loaded, optional).not.to.include(optional);
    });

    it("queue mode loads BullMQ", async () => {
      const loaded = await loadedBy({ DELIVERY_QUEUE: "redis", REDIS_URL: "redis://127.0.0.1:1" });
      expect(loaded).to.include("/bullmq/");
    });

    it("setup mode loads the setup flow", async () => {
      const loaded = await loadedBy({ APP_ID: "", PRIVATE_KEY: "" });
      expect(loaded).to.include("/dist/node/chunks/create-setup-app-");
      expect(loaded).not.to.include("/dist/node/chunks/create-webhook-proxy-");
    });
  });

  it("in production without credentials exits 1 with one line naming what to set", async () => {
    const result = await runToExit({ args: [fixture("comment.js")], env: { NODE_ENV: "production", PORT: "0" }, cwd });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/Error: In production, set APP_ID, PRIVATE_KEY and WEBHOOK_SECRET\.\n/);
    expect(result.stderr).to.include("PRIVATE_KEY_PATH");
    expect(result.stderr).not.to.match(/\n\s+at /);
    expect(result.stdout).not.to.match(/listening on|setup mode/);
  });

  it("exits 2 on a webhook path without a leading slash, saying so and nothing about listening", async () => {
    // Setup mode (no credentials) listens on 127.0.0.1 only, and says so: not when it never listens.
    const result = await runToExit({ args: [fixture("comment.js")], env: { PORT: "0", WEBHOOK_PATH: "hooks" }, cwd });
    expect(result.code, result.stderr).to.equal(2);
    expect(result.stderr).to.include('Error: The webhook path must start with "/", got "hooks".');
    expect(result.stderr).not.to.match(/\n\s+at /);
    expect(result.stdout + result.stderr).not.to.match(/listening|Listening/);
  });

  it("exits 2 with one line for an unknown flag", async () => {
    const result = await runToExit({ args: ["--no-such-flag", fixture("comment.js")], env: env(), cwd });
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include("--no-such-flag");
    expect(result.stderr).not.to.match(/\n\s+at /);
  });

  it("takes Probot's own short flags: -s for the secret and -H for the host", async () => {
    const { WEBHOOK_SECRET: _secret, HOST: _host, ...rest } = env();
    platform.reset();
    const child = await spawnApp({
      args: [fixture("comment.js"), "--base-url", platform.url, "-s", TEST_SECRET, "-H", "127.0.0.1"],
      env: rest,
      cwd,
    });
    try {
      expect(child.stdout()).to.include("listening on http://127.0.0.1:");
      expect((await deliver(child.url)).status).to.equal(200);
      expect((await deliver(child.url, { "x-hub-signature-256": sign("other", "{}") })).status).to.equal(400);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("warns, without the value, when the secret is a URL: Probot's -W was the webhook proxy", async () => {
    const child = await spawnApp({
      args: [fixture("comment.js"), "--base-url", platform.url, "-W", "https://smee.io/aBcDeF123"],
      env: env({ WEBHOOK_SECRET: "" }),
      cwd,
    });
    try {
      const out = child.stdout() + child.stderr();
      expect(out).to.match(
        /WARN: The webhook secret is a URL: Probot's -W was --webhook-proxy; here -W is --secret and the proxy is -Y\/--webhook-proxy/,
      );
      expect(out).not.to.include("aBcDeF123");
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("documents every flag of the contract in --help", async () => {
    const result = await runToExit({ args: ["--help"], env: {}, cwd });
    expect(result.code).to.equal(0);
    for (const flag of [
      "-a, --app-id",
      "-P, --private-key",
      "-W, --secret",
      "-p, --port",
      "--host",
      "-w, --webhook-path",
      "-Y, --webhook-proxy",
      "--base-url",
      "-t, --token",
      "-L, --log-level",
      "--log-format",
      "--log-level-in-string",
      "--log-message-key",
      "--sentry-dsn",
      "--redis-url",
    ]) {
      expect(result.stdout, flag).to.include(flag);
    }
  });

  it("sends a failed handler's error line to SENTRY_DSN, tagged with the delivery id and scrubbed", async () => {
    const ingest = await startSentryIngest();
    try {
      const child = await start(["fails.js"], { SENTRY_DSN: ingest.dsn });
      expect((await deliver(child.url)).status).to.equal(500);
      // Stopped at once: the stop waits for Sentry to have the event.
      child.kill("SIGTERM");
      expect((await child.exit).code).to.equal(0);
      const events = await ingest.waitForEvents(1, 2000);
      const failure = events.find((event) => event.tags?.delivery === "delivery-run-1");
      expect(failure, JSON.stringify(events)).not.to.equal(undefined);
      expect(failure!.level).to.equal("error");
      expect(failure!.exception!.values![0]!.value).to.include("Handler failed on purpose");
      expect(ingest.bodies().join("\n")).not.to.include("ghs_0123456789abcdefghijABCDEFGHIJ");
    } finally {
      await ingest.close();
    }
  });
});
