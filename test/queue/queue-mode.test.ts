import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import type { Redis } from "ioredis";
import { secondaryRateLimitResponse, startFakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { runToExit, spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { deliver, eventually, queueEnv, RECORDER } from "./queue-helpers.js";

const BUILT = fileURLToPath(new URL("../../dist/node/commands/worker.js", import.meta.url));
const QUEUE_PROCESS = fileURLToPath(new URL("./fixtures/queue-process.ts", import.meta.url));
const QUEUE_KEY = "gh-app-kit:bull:deliveries-api.github.com_1";
const WORKER_READY = /worker started/;

describe("queue mode (app run --queue redis, app worker)", function () {
  this.timeout(120_000);
  let redis: RedisServer;
  let client: Redis;
  const children: SpawnedApp[] = [];
  const start = async (command: "run" | "worker", args: string[], extra: Record<string, string> = {}) => {
    const child = await spawnApp({
      command,
      args: [RECORDER, ...args],
      env: queueEnv(redis.url, extra),
      ...(command === "worker" ? { readyPattern: WORKER_READY } : {}),
    });
    children.push(child);
    return child;
  };
  const done = () => client.lrange("record:done", 0, -1);
  const started = () => client.lrange("record:started", 0, -1);

  before(async () => {
    if (!existsSync(BUILT)) throw new Error("Build first: npm run build (npm test does it in pretest).");
    redis = await startRedisServer();
    const { Redis } = await import("ioredis");
    client = new Redis(redis.url);
    client.on("error", () => undefined); // while a test stops Redis
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill("SIGKILL");
      await child.exit;
    }
    await redis.start();
    await redis.flush();
  });
  after(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  it("3 web instances with --no-worker and 2 app worker processes run each of 300 deliveries exactly once", async () => {
    const webs = await Promise.all([0, 1, 2].map(() => start("run", ["--no-worker"])));
    await Promise.all([0, 1].map(() => start("worker", [])));
    const ids = Array.from({ length: 300 }, (_, i) => `scale-${i}-${"x".repeat(8)}`);
    const answers = [];
    for (let batch = 0; batch < ids.length; batch += 30) {
      answers.push(...(await Promise.all(ids.slice(batch, batch + 30).map((id, i) => deliver(webs[i % 3]!.url, id)))));
    }
    expect(answers.map((a) => a.status)).to.deep.equal(ids.map(() => 202));
    expect(answers[0]!.body).to.deep.equal({ queued: ids[0] });
    // The same id again, at another instance: answered as a duplicate, not queued.
    expect(await deliver(webs[1]!.url, ids[0]!)).to.deep.equal({ status: 200, body: { duplicate: ids[0] } });
    await eventually(async () => (await done()).length >= 300, { timeoutMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 500)); // a second run would show up by now
    const completed = await done();
    expect(completed).to.have.length(300);
    expect(new Set(completed)).to.deep.equal(new Set(ids));
    // Both workers took part; the web instances ran nothing.
    const pids = new Set(
      await Promise.all(ids.map(async (id) => (await client.lrange(`record:started:${id}`, 0, -1))[0])),
    );
    expect(pids.size).to.equal(2);
  });

  it("app worker logs a rejection nothing handled (work a handler did not await) and keeps running, as app run does", async () => {
    const web = await start("run", ["--no-worker"]);
    const worker = await start("worker", [], { REJECT_UNAWAITED: "1" });
    const ids = ["unawaited-1-abcdef", "unawaited-2-abcdef", "unawaited-3-abcdef"];
    for (const id of ids) expect((await deliver(web.url, id)).status).to.equal(202);
    await eventually(async () => new Set(await done()).size >= ids.length);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the rejections are reported on a later turn
    expect(worker.stdout()).to.include("work of unawaited-3-abcdef not awaited failed");
    expect(worker.stdout()).to.include("nothing handled it");
    worker.kill("SIGTERM");
    expect(await worker.exit).to.deep.equal({ code: 0, signal: null });
  });

  it("runs every delivery when a worker is killed (kill -9) in the middle of handlers", async () => {
    const web = await start("run", ["--no-worker"]);
    const doomed = await start("worker", [], { HANDLER_MS: "1500" });
    const ids = Array.from({ length: 20 }, (_, i) => `killed-${i}-abcdef`);
    for (const id of ids) expect((await deliver(web.url, id)).status).to.equal(202);
    await eventually(async () => (await started()).length >= 5);
    doomed.kill("SIGKILL");
    await doomed.exit;
    const survivor = await start("worker", [], { HANDLER_MS: "100" });
    // Lock 2 s in these tests: the stalled deliveries run again within twice that.
    await eventually(async () => new Set(await done()).size >= ids.length, { timeoutMs: 30_000 });
    expect(new Set(await done())).to.deep.equal(new Set(ids));
    expect(survivor.stdout()).not.to.match(/failed 3 times/);
  });

  it("answers 503 while Redis is down, and queues and runs deliveries again once it is back", async () => {
    const web = await start("run", []);
    expect((await deliver(web.url, "before-outage-1")).status).to.equal(202);
    await eventually(async () => (await done()).includes("before-outage-1"));
    await redis.stop();
    const refused = await deliver(web.url, "during-outage-1");
    expect(refused.status).to.equal(503);
    expect(refused.body)
      .to.have.property("error")
      .that.matches(/not stored/);
    await redis.start();
    await eventually(async () => (await deliver(web.url, "after-outage-1")).status === 202, { timeoutMs: 20_000 });
    // The delivery refused during the outage is not remembered: its redelivery is queued and run.
    expect((await deliver(web.url, "during-outage-1")).status).to.equal(202);
    await eventually(
      async () => {
        const completed = await done();
        return completed.includes("after-outage-1") && completed.includes("during-outage-1");
      },
      { timeoutMs: 30_000 },
    );
  });

  it("queues and runs a delivery refused while Redis was frozen when it is redelivered as soon as Redis answers again", async () => {
    const web = await start("run", []);
    expect((await deliver(web.url, "before-freeze-1")).status).to.equal(202);
    await eventually(async () => (await done()).includes("before-freeze-1"));
    redis.freeze();
    const refused = await deliver(web.url, "during-freeze-1");
    expect(refused.status).to.equal(503);
    redis.thaw();
    await eventually(async () => (await deliver(web.url, "after-freeze-1")).status === 202, { timeoutMs: 20_000 });
    // Nothing of the refused delivery was stored: its redelivery is not a duplicate, it is queued and run.
    expect(await deliver(web.url, "during-freeze-1")).to.deep.equal({
      status: 202,
      body: { queued: "during-freeze-1" },
    });
    await eventually(async () => (await done()).includes("during-freeze-1"), { timeoutMs: 30_000 });
  });

  it("retries a failing delivery with back-off, keeps it in the failed set scrubbed, and app deliveries retry runs it again", async () => {
    const web = await start("run", [], { FAIL_TIMES: "2", DELIVERY_ATTEMPTS: "2" });
    expect((await deliver(web.url, "failing-1-abcdef")).status).to.equal(202);
    await web.waitForOutput(/Delivery failing-1-abcdef failed 2 times; it stays in the failed set/, 20_000);
    const env = { REDIS_URL: redis.url, APP_ID: "1" };
    const listed = await runToExit({ command: "deliveries", args: ["failed", "--json"], env });
    expect(listed.code, listed.stderr).to.equal(0);
    const failed = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    expect(failed).to.have.length(1);
    expect(failed[0]).to.include({ id: "failing-1-abcdef", event: "issues.opened", attempts: 2 });
    expect(failed[0]!.error).to.match(/^run 2 failed with secret \[REDACTED\] and token \[REDACTED\]/);
    const raw = JSON.stringify(await client.hgetall(`${QUEUE_KEY}:failing-1-abcdef`));
    expect(raw).not.to.include("test-webhook-secret-1234");
    expect(raw).not.to.include("ghs_aaaa");
    expect(raw).not.to.include(Buffer.from("stateless-claims").toString("base64url"));
    expect(raw).not.to.include("c2lnbmF0dXJl");
    const table = await runToExit({ command: "deliveries", args: ["failed"], env });
    expect(table.stdout).to.match(/failing-1-abcdef\s+issues\.opened\s+2\s/);
    // Another platform's queue (not the one app run used) is empty: the other queue that has some is named.
    const elsewhere = await runToExit({
      command: "deliveries",
      args: ["failed", "--base-url", "https://ghe.example.com/api/v3"],
      env,
    });
    expect(elsewhere.code, elsewhere.stderr).to.equal(0);
    expect(elsewhere.stdout).to.match(/^No failed deliveries in the queue deliveries-ghe\.example\.com\/api\/v3_1\./);
    expect(elsewhere.stdout).to.include("deliveries-api.github.com_1 (1 failed)");

    const retried = await runToExit({ command: "deliveries", args: ["retry", "failing-1-abcdef"], env });
    expect(retried.code, retried.stderr).to.equal(0);
    expect(retried.stdout).to.include("Queued again: failing-1-abcdef");
    await eventually(async () => (await done()).includes("failing-1-abcdef"));
    const after = await runToExit({ command: "deliveries", args: ["failed", "--json"], env });
    expect(JSON.parse(after.stdout)).to.deep.equal([]);
    const unknown = await runToExit({ command: "deliveries", args: ["retry", "no-such-delivery"], env });
    expect(unknown.code).to.equal(2);
    expect(unknown.stderr).to.include("Not in the failed set: no-such-delivery");
  });

  it("lets running handlers finish on SIGTERM and exits 0", async () => {
    const web = await start("run", ["--no-worker"]);
    const worker = await start("worker", [], { HANDLER_MS: "1500" });
    expect((await deliver(web.url, "graceful-1-abcdef")).status).to.equal(202);
    await eventually(async () => (await started()).includes("graceful-1-abcdef"));
    worker.kill("SIGTERM");
    expect(await worker.exit).to.deep.equal({ code: 0, signal: null });
    expect(await done()).to.deep.equal(["graceful-1-abcdef"]);
  });

  /** fixtures/queue-process.ts: `app worker` or `app run` with a grace period of `graceMs`. */
  const startWithGrace = async (mode: "worker" | "run", graceMs: number, extra: Record<string, string>) => {
    const child = await spawnApp({
      entry: ["--import", "tsx", QUEUE_PROCESS, mode, String(graceMs)],
      args: [],
      env: queueEnv(redis.url, extra),
      ...(mode === "worker" ? { readyPattern: WORKER_READY } : {}),
    });
    children.push(child);
    return child;
  };

  /** SIGTERMs `child` while delivery `id` runs, and checks the delivery went back to the queue, aborted, neither done nor failed. */
  const stopMidHandler = async (child: SpawnedApp, id: string) => {
    await eventually(async () => (await started()).includes(id));
    child.kill("SIGTERM");
    expect(await child.exit).to.deep.equal({ code: 0, signal: null });
    // In the waiting list at once: not left locked in the active list for the stalled check to find.
    expect(await client.lrange(`${QUEUE_KEY}:wait`, 0, -1)).to.deep.equal([id]);
    expect(await client.lrange(`${QUEUE_KEY}:active`, 0, -1)).to.deep.equal([]);
    expect(await client.zcard(`${QUEUE_KEY}:failed`)).to.equal(0);
    expect(await client.lrange("record:aborted", 0, -1)).to.deep.equal([id]);
    expect(await done()).to.deep.equal([]);
    const output = child.stdout() + child.stderr();
    expect(output).to.include(
      `Delivery ${id} (issues.opened) was still running at shutdown after 1000 ms: its handlers were aborted and it was handed back to the queue to run again.`,
    );
    expect(output).not.to.match(/redeliver/i);
  };

  /** Another worker runs the handed-back delivery, and it completes once. */
  const completedOnceElsewhere = async (id: string) => {
    await start("worker", [], { HANDLER_MS: "100" });
    await eventually(async () => (await done()).includes(id));
    await new Promise((resolve) => setTimeout(resolve, 500)); // a second run would show up by now
    expect(await done()).to.deep.equal([id]);
    expect(await client.lrange(`record:started:${id}`, 0, -1)).to.have.length(2);
  };

  it("hands a delivery back to the queue when its handler outlasts app worker's grace on SIGTERM; another worker completes it once", async () => {
    const web = await start("run", ["--no-worker"]);
    const doomed = await startWithGrace("worker", 1000, { HANDLER_MS: "8000" });
    expect((await deliver(web.url, "handback-1-abcdef")).status).to.equal(202);
    await stopMidHandler(doomed, "handback-1-abcdef");
    await completedOnceElsewhere("handback-1-abcdef");
  });

  it("hands a delivery back from app run's own worker too, even when the handler ignores its aborted signal", async () => {
    const web = await startWithGrace("run", 1000, { HANDLER_MS: "8000", IGNORE_ABORT: "1" });
    expect((await deliver(web.url, "handback-2-abcdef")).status).to.equal(202);
    await stopMidHandler(web, "handback-2-abcdef");
    await completedOnceElsewhere("handback-2-abcdef");
  });

  it("takes the grace period from --shutdown-grace (app worker) and SHUTDOWN_GRACE_MS (app run)", async () => {
    const web = await start("run", ["--no-worker"]);
    const worker = await start("worker", ["--shutdown-grace", "1000"], { HANDLER_MS: "8000" });
    expect((await deliver(web.url, "grace-flag-1-abcdef")).status).to.equal(202);
    await stopMidHandler(worker, "grace-flag-1-abcdef");
    await client.del(`${QUEUE_KEY}:wait`, "record:aborted");
    const own = await start("run", [], { HANDLER_MS: "8000", SHUTDOWN_GRACE_MS: "1000" });
    expect((await deliver(own.url, "grace-variable-1-abcdef")).status).to.equal(202);
    await stopMidHandler(own, "grace-variable-1-abcdef");
  });

  it("puts a rate-limited delivery back with the delay the platform asked, without holding a worker slot", async () => {
    const platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, installations: [1] });
    try {
      const limits: number[] = [];
      platform.on("GET", "/repos/:owner/:repo", () => {
        limits.push(Date.now());
        return secondaryRateLimitResponse(2);
      });
      const web = await start("run", ["--base-url", platform.url, "--worker-concurrency", "1"], {
        RATE_LIMITED_ID: "limited-1-abcdef",
      });
      expect((await deliver(web.url, "limited-1-abcdef")).status).to.equal(202);
      await eventually(async () => limits.length === 1);
      // One slot: this one runs while the limited delivery waits out its 2 s.
      expect((await deliver(web.url, "other-1-abcdef")).status).to.equal(202);
      await eventually(async () => (await done()).length === 2);
      expect(await done()).to.deep.equal(["other-1-abcdef", "limited-1-abcdef"]);
      const runs = await client.lrange("record:started", 0, -1);
      expect(runs.filter((id) => id === "limited-1-abcdef")).to.have.length(2);
      expect(web.stdout()).to.include("Delivery limited-1-abcdef met the platform's rate limit; it runs again in 2 s.");
      expect(web.stdout()).not.to.match(/limited-1-abcdef failed/);
    } finally {
      await platform.close();
    }
  });

  it("exits 2 naming REDIS_URL when queue mode has no Redis", async () => {
    const env = queueEnv("", {});
    delete (env as Record<string, string | undefined>).REDIS_URL;
    const result = await runToExit({ args: [RECORDER], env: { ...env, REDIS_URL: "" } });
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/Queue mode needs REDIS_URL/);
    const worker = await runToExit({ command: "worker", args: [RECORDER], env: { ...env, REDIS_URL: "" } });
    expect(worker.code).to.equal(2);
    expect(worker.stderr).to.match(/REDIS_URL/);
  });

  it("exits 2 for a lock or a grace period longer than a timer can wait (24.8 days), which would fire at once", async () => {
    for (const [command, extra, named] of [
      ["run", { DELIVERY_LOCK_MS: "5000000000" }, "DELIVERY_LOCK_MS"],
      ["worker", { DELIVERY_LOCK_MS: "5000000000" }, "DELIVERY_LOCK_MS"],
      ["worker", { SHUTDOWN_GRACE_MS: "5000000000" }, "SHUTDOWN_GRACE_MS"],
      ["run", { SHUTDOWN_GRACE_MS: "2147483648" }, "SHUTDOWN_GRACE_MS"],
    ] as const) {
      const result = await runToExit({ command, args: [RECORDER], env: queueEnv(redis.url, extra), timeoutMs: 10_000 });
      expect(result.code, `${command} ${named}: ${result.stdout}${result.stderr}`).to.equal(2);
      expect(result.stderr).to.include(named);
      expect(result.stderr).not.to.match(/TimeoutOverflowWarning|\n\s+at /);
    }
  });

  it("app deliveries exits 1 with one line when Redis does not answer, 2 when retry names nothing", async () => {
    const unreachable = await runToExit({
      command: "deliveries",
      args: ["failed"],
      env: { REDIS_URL: "redis://127.0.0.1:1" },
    });
    expect(unreachable.code).to.equal(1);
    expect(unreachable.stderr).to.match(
      /^Error: The delivery queue's Redis at redis:\/\/127\.0\.0\.1:1 did not answer\.\nHint: /,
    );
    expect(unreachable.stderr).not.to.match(/\n\s+at /);
    const nothing = await runToExit({
      command: "deliveries",
      args: ["retry"],
      env: { REDIS_URL: "redis://127.0.0.1:1" },
    });
    expect(nothing.code).to.equal(2);
    expect(nothing.stderr).to.include("Name the deliveries to retry, or pass --all.");
  });
});
