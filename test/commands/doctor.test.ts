import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { startEventStreamServer } from "../helpers/event-stream-server.js";
import { generateKeyPair, getTestKeys } from "../helpers/keys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { runToExit } from "../helpers/spawn-app.js";
import { TEST_SECRET } from "../helpers/test-app.js";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/apps/${name}`, import.meta.url));
type Report = { ok: boolean; checks: Array<{ id: string; status: string; message: string; fix?: string }> };

describe("app doctor (the built command, in its own process)", function () {
  this.timeout(60_000);
  let platform: FakePlatform;
  let cwd: string;

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  after(() => platform.close());
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "app-doctor-"));
    platform.setAppEvents(["issues", "issue_comment", "push"]);
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));

  const env = (extra: Record<string, string> = {}) => ({
    APP_ID: "1",
    PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
    WEBHOOK_SECRET: TEST_SECRET,
    ...extra,
  });
  async function doctor(args: string[], extra: Record<string, string> = {}, base = platform) {
    const result = await runToExit({
      command: "doctor",
      args: ["--json", "--base-url", base.url, ...args],
      env: env(extra),
      cwd,
    });
    const report = JSON.parse(result.stdout) as Report;
    const status = Object.fromEntries(report.checks.map((check) => [check.id, check.status]));
    return { ...result, report, status };
  }

  it("passes every check with a good configuration, and exits 0", async () => {
    const { code, status, stdout, stderr } = await doctor([fixture("comment.js")]);
    expect(status, stdout + stderr).to.deep.equal({
      key: "ok",
      clock: "ok",
      secret: "ok",
      events: "ok",
      installations: "ok",
    });
    expect(code).to.equal(0);
    // A token was really created for the installation, and is not printed.
    expect(platform.tokenExchanges()).to.have.length.greaterThan(0);
    for (const token of platform.issuedTokens()) expect(stdout).not.to.include(token);
    expect(stdout).not.to.include(TEST_SECRET);
  });

  it("prints one line per check, and a summary, without --json", async () => {
    const result = await runToExit({
      command: "doctor",
      args: ["--base-url", platform.url, fixture("comment.js")],
      env: env(),
      cwd,
    });
    expect(result.code).to.equal(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines.slice(0, 5).map((line) => line.split(/\s+/).slice(0, 2).join(" "))).to.deep.equal([
      "ok key",
      "ok clock",
      "ok secret",
      "ok events",
      "ok installations",
    ]);
    expect(lines.at(-1)).to.equal("Every check passed.");
  });

  it("fails the key check, naming what to do, when the key belongs to another app", async () => {
    const other = generateKeyPair();
    const { code, status, report, stdout } = await doctor([fixture("comment.js")], {
      PRIVATE_KEY: other.privateKeyPkcs1,
    });
    expect(code).to.equal(1);
    expect(status.key).to.equal("fail");
    const key = report.checks.find((check) => check.id === "key")!;
    expect(key.message).to.include("refused the JWT of app 1");
    expect(key.fix).to.include("private key");
    expect(stdout).not.to.include("PRIVATE KEY");
  });

  it("fails the clock check when the platform's Date is five minutes off", async () => {
    const skewed = await startFakePlatform({ publicKey: getTestKeys().publicKey, clockSkewSeconds: 300 });
    try {
      const { code, status, report } = await doctor([fixture("comment.js")], {}, skewed);
      expect(code).to.equal(1);
      expect(status.clock).to.equal("fail");
      expect(report.checks.find((check) => check.id === "clock")!.message).to.match(
        /The clock is 30\d s behind the platform's/,
      );
      // The key itself is fine: the platform accepts the JWT (with the clock corrected if needed).
      expect(status.key).to.equal("ok");
    } finally {
      await skewed.close();
    }
  });

  it("fails the events check for an event the app handles but is not subscribed to", async () => {
    platform.setAppEvents(["push"]);
    const { code, status, report } = await doctor([fixture("comment.js")]);
    expect(code).to.equal(1);
    expect(status.events).to.equal("fail");
    expect(report.checks.find((check) => check.id === "events")!.message).to.include(
      "handle issues, but the app is not subscribed",
    );
  });

  it("warns about the development secret and fails without one", async () => {
    const development = await doctor([fixture("comment.js")], { WEBHOOK_SECRET: "development" });
    expect(development.status.secret).to.equal("warn");
    expect(development.code).to.equal(0);
    const none = await doctor([fixture("comment.js")], { WEBHOOK_SECRET: "" });
    expect(none.status.secret).to.equal("fail");
    expect(none.code).to.equal(1);
  });

  it("warns, without the value, about a secret that is a URL (Probot's -W was the webhook proxy)", async () => {
    const result = await doctor([fixture("comment.js")], { WEBHOOK_SECRET: "https://smee.io/xYz987" });
    expect(result.status.secret).to.equal("warn");
    const message = result.report.checks.find((check) => check.id === "secret")!.message;
    expect(message).to.include("The webhook secret is a URL");
    expect(JSON.stringify(result.report)).not.to.include("xYz987");
  });

  it("reads .env as `app run` does", async () => {
    writeFileSync(join(cwd, ".env"), `APP_ID=1\nWEBHOOK_SECRET=${TEST_SECRET}\n`);
    const result = await runToExit({
      command: "doctor",
      args: ["--json", "--base-url", platform.url, fixture("comment.js")],
      env: { PRIVATE_KEY: getTestKeys().privateKeyPkcs1 },
      cwd,
    });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.ok, result.stdout).to.equal(true);
  });

  it("warns when the app has no installation", async () => {
    const empty = await startFakePlatform({ publicKey: getTestKeys().publicKey, installations: [] });
    try {
      const { code, status } = await doctor([fixture("comment.js")], {}, empty);
      expect(status.installations).to.equal("warn");
      expect(code).to.equal(0);
    } finally {
      await empty.close();
    }
  });

  it("checks the key, clock and installations with a GITHUB_TOKEN set too, and warns that handlers act with it", async () => {
    const token = "ghp_doctorjobtoken0123456789abcdefABCDEF";
    const { code, status, report, stdout, stderr } = await doctor([fixture("comment.js")], { GITHUB_TOKEN: token });
    expect(status, stdout + stderr).to.deep.equal({
      key: "warn",
      clock: "ok",
      secret: "ok",
      events: "ok",
      installations: "ok",
    });
    expect(code).to.equal(0);
    const key = report.checks.find((check) => check.id === "key")!;
    expect(key.message).to.match(/matches app 1/);
    expect(key.message).to.match(/GITHUB_TOKEN/);
    expect(stdout + stderr).not.to.include(token.slice(4));
  });

  it("fails the key check without credentials, and skips what needs them", async () => {
    const { code, status } = await doctor([fixture("comment.js")], { APP_ID: "", PRIVATE_KEY: "" });
    expect(code).to.equal(1);
    expect(status).to.deep.equal({ key: "fail", clock: "warn", secret: "ok", events: "warn", installations: "warn" });
  });

  it("names the missing key, and where it is looked for, when only APP_ID is set", async () => {
    const { code, report } = await doctor([fixture("comment.js")], { PRIVATE_KEY: "" });
    expect(code).to.equal(1);
    const key = report.checks.find((check) => check.id === "key")!;
    expect(key.status).to.equal("fail");
    expect(key.message).to.equal("APP_ID is set but no private key was found.");
    expect(key.fix).to.include("--private-key").and.include("PRIVATE_KEY_PATH").and.include("PRIVATE_KEY to");
  });

  describe("Redis and the proxy, when set", () => {
    let redis: RedisServer;
    before(async () => {
      redis = await startRedisServer();
    });
    after(() => redis.stop());

    it("checks Redis, without printing its password", async () => {
      // This server has no password: Redis accepts the AUTH and ioredis carries on.
      const withPassword = redis.url.replace("redis://", "redis://:s3cret-redis-pw@");
      const { status, stdout } = await doctor([fixture("comment.js")], { REDIS_URL: withPassword });
      expect(status.redis).to.equal("ok");
      expect(stdout).not.to.include("s3cret-redis-pw");
    });

    it("fails for a Redis that does not answer", async () => {
      const { code, status } = await doctor([fixture("comment.js")], { REDIS_URL: "redis://127.0.0.1:1" });
      expect(status.redis).to.equal("fail");
      expect(code).to.equal(1);
    });

    it("checks the proxy channel answers with an event stream, showing only its origin", async () => {
      const channel = await startEventStreamServer();
      try {
        const { status, report } = await doctor([fixture("comment.js")], { WEBHOOK_PROXY_URL: channel.url });
        expect(status.proxy).to.equal("ok");
        expect(report.checks.find((check) => check.id === "proxy")!.message).to.equal(
          `The webhook proxy ${new URL(channel.url).origin}/*** answers.`,
        );
        expect(channel.requests()).to.equal(1);
      } finally {
        await channel.close();
      }
    });

    it("fails for a proxy channel that does not answer, without printing the channel", async () => {
      const { status, stdout } = await doctor([fixture("comment.js")], {
        WEBHOOK_PROXY_URL: "http://127.0.0.1:1/SecretChannel42",
      });
      expect(status.proxy).to.equal("fail");
      expect(stdout).not.to.include("SecretChannel42");
    });

    it("fails for a proxy address that is no http(s) URL, in a sentence that ends before its fix", async () => {
      const { report } = await doctor([fixture("comment.js")], { WEBHOOK_PROXY_URL: "smee.io/SecretChannel42" });
      const proxy = report.checks.find((check) => check.id === "proxy")!;
      expect(proxy.status).to.equal("fail");
      expect(proxy.message).to.equal(
        "The webhook proxy URL (WEBHOOK_PROXY_URL, --webhook-proxy) is not an http(s) address.",
      );
    });
  });
});
