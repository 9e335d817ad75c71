import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import type { App } from "../../src/app.js";
import { createApp } from "../../src/create-app.js";
import { isAppError } from "../../src/errors.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createRedisApp } from "../helpers/redis-app.js";
import { freePort, startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { runToExit } from "../helpers/spawn-app.js";
import { TEST_SECRET } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";

const PASSWORD = "s3cret-redis-pass-771";
const COMMENT_APP = fileURLToPath(new URL("../fixtures/apps/comment.js", import.meta.url));

describe("REDIS_URL: invalid URLs and the failures that are not 'unreachable'", function () {
  this.timeout(20_000);

  describe("a malformed URL is a usage error with the password masked", () => {
    let cwd: string;
    beforeEach(() => (cwd = mkdtempSync(join(tmpdir(), "redis-url-"))));
    afterEach(() => rmSync(cwd, { recursive: true, force: true }));

    const cases: ReadonlyArray<[name: string, args: string[], env: Record<string, string>, says: RegExp]> = [
      ["a port over 65535 in REDIS_URL", [], { REDIS_URL: `redis://:${PASSWORD}@127.0.0.1:99999` }, /port 99999/],
      ["no scheme in --redis-url", ["--redis-url", `${PASSWORD}@localhost:6379`], {}, /not a redis:\/\/ URL/],
      ["an http:// URL", [], { REDIS_URL: `http://user:${PASSWORD}@127.0.0.1:6379` }, /not a redis:\/\/ URL/],
      // The password alone, pasted where the URL belongs: nothing in it says where a password would be.
      ["the password alone in REDIS_URL", [], { REDIS_URL: PASSWORD }, /not a redis:\/\/ URL/],
      ["a host and port without the scheme", [], { REDIS_URL: `${PASSWORD}:6379` }, /not a redis:\/\/ URL/],
    ];
    for (const [name, args, extra, says] of cases) {
      it(`app run exits 2 for ${name}, in one line, without the password`, async () => {
        const env = {
          APP_ID: "1",
          PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
          WEBHOOK_SECRET: TEST_SECRET,
          PORT: "0",
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          ...extra,
        };
        const result = await runToExit({ args: [COMMENT_APP, ...args], env, cwd });
        expect(result.code, result.stderr).to.equal(2);
        const output = result.stdout + result.stderr;
        expect(output).to.match(says);
        expect(output).to.include("REDIS_URL");
        expect(output).not.to.include(PASSWORD);
        expect(output).not.to.match(/\n\s+at |TypeError|input:/);
      });
    }

    it("createApp() throws OPTION_INVALID for a malformed redisConfig string", () => {
      let thrown: unknown;
      try {
        createApp({
          env: {},
          overrides: {
            appId: 1,
            privateKey: getTestKeys().privateKeyPkcs1,
            secret: "s",
            redisConfig: `redis://:${PASSWORD}@h:0x1`,
          },
        });
      } catch (error) {
        thrown = error;
      }
      expect(isAppError(thrown) && thrown.code).to.equal("OPTION_INVALID");
      expect((thrown as Error).message)
        .to.include("redis://***@h:0x1")
        .and.not.include(PASSWORD);
    });
  });

  describe("a real redis-server that requires a password", () => {
    let redis: RedisServer;
    let platform: FakePlatform;
    let app: App | undefined;
    before(async () => {
      redis = await startRedisServer({ password: PASSWORD });
      platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    });
    after(async () => {
      await redis.stop();
      await platform.close();
    });
    afterEach(async () => {
      await app?.close();
      app = undefined;
    });

    async function logsOf(redisConfig: string, pattern: RegExp): Promise<LogCapture> {
      const logs = createLogCapture();
      app = createRedisApp(platform, redisConfig, logs);
      await until(() => pattern.test(logs.text()), 8000).catch(() => undefined);
      return logs;
    }

    it("shares through it with the right password", async () => {
      const logs = await logsOf(redis.url, /Sharing tokens/);
      expect(logs.text()).to.include("Sharing tokens");
      expect(logs.text()).not.to.include(PASSWORD);
    });

    it("says 'wrong password', not 'unreachable', for a password it refuses", async () => {
      const logs = await logsOf(`redis://:not-it-${PASSWORD}@127.0.0.1:${redis.port}`, /password|unreachable/);
      expect(logs.text()).to.include("wrong password").and.not.include("unreachable");
      expect(logs.text()).not.to.include(PASSWORD);
    });

    it("says 'wrong password' when the URL has no password", async () => {
      const logs = await logsOf(`redis://127.0.0.1:${redis.port}`, /password|unreachable/);
      expect(logs.text()).to.include("wrong password").and.not.include("unreachable");
    });

    it("says 'TLS to a plain port' for rediss:// to a server without TLS", async () => {
      const logs = await logsOf(`rediss://:${PASSWORD}@127.0.0.1:${redis.port}`, /TLS|unreachable/);
      expect(logs.text()).to.include("TLS to a plain port").and.not.include("unreachable");
      expect(logs.text()).not.to.include(PASSWORD);
    });

    it("still says 'unreachable' when nothing listens", async () => {
      const logs = await logsOf(`redis://:${PASSWORD}@127.0.0.1:${await freePort()}`, /unreachable|password/);
      expect(logs.text()).to.include("unreachable");
      expect(logs.text()).not.to.include(PASSWORD);
    });
  });
});
