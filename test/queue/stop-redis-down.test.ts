import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import type { Redis } from "ioredis";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { deliver, eventually, queueEnv, RECORDER } from "./queue-helpers.js";

const BUILT = fileURLToPath(new URL("../../dist/commands/worker.js", import.meta.url));
/** What a stop may take past its grace period, whatever Redis does. */
const MARGIN_MS = 5000;
/** A handler that ends within the grace period, and one that outlasts it (aborted, then handed back). */
const HANDLERS = {
  finishes: { graceMs: 3000, handlerMs: 1500, record: "record:done" },
  "outlasts the grace": { graceMs: 1000, handlerMs: 8000, record: "record:aborted" },
} as const;

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

  const cases = (["worker", "run"] as const).flatMap((command) =>
    (["killed", "frozen (SIGSTOP)"] as const).flatMap((outage) =>
      (Object.keys(HANDLERS) as Array<keyof typeof HANDLERS>).map((handler) => [command, outage, handler] as const),
    ),
  );
  for (const [command, outage, handler] of cases) {
    const name = command === "run" ? "app run --queue redis" : "app worker";
    const { graceMs, handlerMs, record: recorded } = HANDLERS[handler];
    it(`${name} with Redis ${outage}, a handler that ${handler}: exits 0 within grace + 5 s`, async () => {
      const env = queueEnv(queueRedis.url, {
        RECORD_REDIS_URL: recordRedis.url,
        HANDLER_MS: String(handlerMs),
        SHUTDOWN_GRACE_MS: String(graceMs),
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
        new Promise<"still running">((resolve) =>
          setTimeout(() => resolve("still running"), graceMs + MARGIN_MS + 10_000),
        ),
      ]);
      const tookMs = Date.now() - signalled;
      expect(exited, target.stdout() + target.stderr()).to.deep.equal({ code: 0, signal: null });
      expect(tookMs, target.stdout()).to.be.at.most(graceMs + MARGIN_MS);
      // The handler finished within the grace period, or was aborted at its end: never cut short, never left running.
      expect(await record.lrange(recorded, 0, -1)).to.deep.equal(["outage-stop-1-abcdef"]);
    });
  }
});
