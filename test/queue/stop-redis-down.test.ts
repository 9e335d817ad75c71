import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import type { Redis } from "ioredis";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { deliver, eventually, queueEnv, RECORDER } from "./queue-helpers.js";

const BUILT = fileURLToPath(new URL("../../dist/commands/worker.js", import.meta.url));
const GRACE_MS = 3000;
/** What the issue allows past the grace period, whatever Redis does. */
const BOUND_MS = GRACE_MS + 5000;

describe("queue mode: SIGTERM ends the process within its grace period while Redis is down", function () {
  this.timeout(90_000);
  let queueRedis: RedisServer;
  // The recording app writes to a second Redis that stays up, so its handler can finish during the outage.
  let recordRedis: RedisServer;
  let record: Redis;
  const children: SpawnedApp[] = [];

  before(async () => {
    if (!existsSync(BUILT)) throw new Error("Build first: npm run build (npm test does it in pretest).");
    recordRedis = await startRedisServer();
    const { Redis } = await import("ioredis");
    record = new Redis(recordRedis.url);
  });
  beforeEach(async () => {
    queueRedis = await startRedisServer();
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill("SIGKILL");
      await child.exit;
    }
    queueRedis.thaw();
    await queueRedis.stop();
    await recordRedis.flush();
  });
  after(async () => {
    record?.disconnect();
    await recordRedis?.stop();
  });

  const cases = [
    ["app worker", "worker", "killed"],
    ["app worker", "worker", "frozen (SIGSTOP)"],
    ["app run --queue redis", "run", "killed"],
    ["app run --queue redis", "run", "frozen (SIGSTOP)"],
  ] as const;
  for (const [name, command, outage] of cases) {
    it(`${name} with Redis ${outage}: a running handler finishes, then it exits 0 within grace + 5 s`, async () => {
      const env = queueEnv(queueRedis.url, {
        RECORD_REDIS_URL: recordRedis.url,
        HANDLER_MS: "1500",
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
      });
      const spawn = async (...args: Parameters<typeof spawnApp>) => {
        const child = await spawnApp(...args);
        children.push(child);
        return child;
      };
      // app run serves and runs its own worker; app worker takes what a web-only instance stores.
      const web = await spawn({
        command: "run",
        args: command === "run" ? [RECORDER] : [RECORDER, "--no-worker"],
        env,
      });
      const target =
        command === "run"
          ? web
          : await spawn({ command: "worker", args: [RECORDER], env, readyPattern: /worker started/ });
      expect((await deliver(web.url, "outage-stop-1-abcdef")).status).to.equal(202);
      await eventually(async () => (await record.lrange("record:started", 0, -1)).includes("outage-stop-1-abcdef"));
      if (outage === "killed") await queueRedis.stop();
      else queueRedis.freeze();

      const signalled = Date.now();
      target.kill("SIGTERM");
      const exited = await Promise.race([
        target.exit,
        new Promise<"still running">((resolve) => setTimeout(() => resolve("still running"), BOUND_MS + 10_000)),
      ]);
      const tookMs = Date.now() - signalled;
      expect(exited, target.stdout() + target.stderr()).to.deep.equal({ code: 0, signal: null });
      expect(tookMs, target.stdout()).to.be.at.most(BOUND_MS);
      // The handler that was running when the stop came finished (the grace was not cut short).
      expect(await record.lrange("record:done", 0, -1)).to.deep.equal(["outage-stop-1-abcdef"]);
    });
  }
});
