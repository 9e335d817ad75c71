import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { track } from "./children.js";
import { runSlice } from "./load.js";
import { startRedis } from "./redis-process.js";
import { startServer } from "./server-process.js";

/**
 * The queue-mode rows (issue "Durable deliveries", item 6), measured one
 * server at a time against one Redis: acknowledgements of queue mode against
 * today's in-process mode, with a no-op and with a 2 s handler, the web
 * instance's RSS while thousands of deliveries wait, and worker throughput
 * with 1 and 2 `app worker` processes.
 *
 * @example
 * const queue = await runQueueBench({ bench, appRoot, env, logDir, plan, progress });
 */
export async function runQueueBench({ bench, appRoot, env, logDir, plan, payload, progress }) {
  const redis = await startRedis();
  if (!redis) return { missing: "redis-server is not installed" };
  const bin = join(appRoot, "bin/run.js");
  const noop = join(bench, "apps/noop.js");
  const slow = join(bench, "apps/slow.js");
  const queueEnv = { ...env, REDIS_URL: redis.url, DELIVERY_QUEUE: "redis" };
  const load = { connections: plan.connections, headers: payload.headers, bodyFile: payload.file, uniqueIds: true };
  const rows = [];
  const measure = async (def, serverEnv, { waitAfter = false, fillTo = 0 } = {}) => {
    const server = await startServer(def, { cwd: bench, env: serverEnv, logDir, logLevel: "warn" });
    try {
      const warm = await runSlice(server, { ...load, duration: Math.max(1, plan.warmupS) });
      const warmWaiting = waitAfter ? redis.waiting() : undefined;
      // The RSS target is about a web instance while many deliveries wait: fill the queue first (bounded).
      for (const started = Date.now(); redis.waiting() < fillTo && Date.now() - started < plan.fillMaxS * 1000;) {
        await runSlice(server, { ...load, duration: 5 });
      }
      const slice = await runSlice(server, { ...load, duration: plan.sliceS });
      const row = {
        id: def.id,
        label: def.label,
        reqPerSec: slice.reqPerSec,
        p50: slice.load.latency.p50,
        p99: slice.load.latency.p99,
        peakRssMiB: slice.peakRss / (1024 * 1024),
        non2xx: slice.load.non2xx,
        errors: slice.load.errors,
      };
      if (waitAfter)
        Object.assign(row, { waiting: redis.waiting(), warmWaiting, warmPeakRssMiB: warm.peakRss / (1024 * 1024) });
      rows.push(row);
      progress(
        `queue rows ${def.id}: ${row.reqPerSec.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, peak RSS ${row.peakRssMiB.toFixed(0)} MiB${waitAfter ? `, ${row.waiting} waiting` : ""}`,
      );
      return server;
    } catch (error) {
      await server.stop();
      throw error;
    }
  };
  try {
    await (
      await measure({ id: "inproc-noop", label: "in process, no-op handler", args: [bin, "run", noop] }, env)
    ).stop();
    // Web only: every acknowledged delivery stays in Redis, for the worker rows below.
    const web = await measure(
      {
        id: "queue-noop",
        label: "queue mode ack (`--no-worker`), no-op handler",
        args: [bin, "run", "--no-worker", noop],
      },
      queueEnv,
      { waitAfter: true, fillTo: 10_000 },
    );
    const workers = [];
    for (const count of [1, 2]) {
      if (redis.waiting() < plan.workerS * 2000 * count) await runSlice(web, { ...load, duration: plan.sliceS }); // top up
      workers.push(
        await workerThroughput({ bin, noop, bench, env: queueEnv, logDir, count, seconds: plan.workerS, redis }),
      );
      progress(`queue rows: ${count} worker(s): ${workers.at(-1).perProcess.toFixed(0)} deliveries/s per process`);
    }
    await web.stop();
    redis.flush();
    await (
      await measure({ id: "inproc-slow", label: "in process, 2 s handler", args: [bin, "run", slow] }, env)
    ).stop();
    await (
      await measure(
        {
          id: "queue-slow",
          label: "queue mode ack, worker in the same process, 2 s handler",
          args: [bin, "run", slow],
        },
        queueEnv,
      )
    ).stop();
    return { rows, workers, connections: plan.connections, sliceS: plan.sliceS };
  } finally {
    await redis.stop();
  }
}

/** Deliveries/s run by `count` `app worker` processes over `seconds`, after they warmed up. */
async function workerThroughput({ bin, noop, bench, env, logDir, count, seconds, redis }) {
  const children = [];
  try {
    const ports = [];
    for (let i = 0; i < count; i++) {
      const countFile = join(logDir, `worker-${count}-${i}.count-port`);
      rmSync(countFile, { force: true });
      const child = track(
        spawn(process.execPath, [bin, "worker", noop], {
          cwd: bench,
          env: { ...env, LOG_LEVEL: "warn", BENCH_COUNT_FILE: countFile },
          stdio: "ignore",
        }),
      );
      children.push(child);
      for (let waited = 0; !existsSync(countFile); waited += 50) {
        if (waited > 30_000) throw new Error("an app worker did not start within 30 s");
        await sleep(50);
      }
      ports.push(Number(readFileSync(countFile, "utf8")));
    }
    const total = async () =>
      (
        await Promise.all(ports.map(async (port) => Number(await (await fetch(`http://127.0.0.1:${port}/`)).text())))
      ).reduce((a, b) => a + b, 0);
    await sleep(1000); // connected and running
    const before = await total();
    const started = Date.now();
    await sleep(seconds * 1000);
    const done = (await total()) - before;
    const perSecond = done / ((Date.now() - started) / 1000);
    return { workers: count, perSecond, perProcess: perSecond / count, leftWaiting: redis.waiting() };
  } finally {
    for (const child of children) child.kill("SIGKILL");
  }
}

/** The queue rows and their targets as markdown. */
export function renderQueueResults(queue) {
  if (!queue) return "";
  if (queue.missing) return `### Queue mode\n\nLeft out: ${queue.missing}.`;
  const byId = Object.fromEntries(queue.rows.map((row) => [row.id, row]));
  const out = ["### Queue mode (one Redis, one server at a time)"];
  out.push(
    `${queue.sliceS} s per row after a warm-up, ${queue.connections} connections, 12 KiB \`issues.opened\`, each with its own delivery id.`,
  );
  out.push(
    [
      "| server | req/s | p50 ms | p99 ms | peak RSS MiB | non-2xx |",
      "| --- | --- | --- | --- | --- | --- |",
      ...queue.rows.map(
        (row) =>
          `| ${row.label}${row.waiting !== undefined ? ` (${row.waiting} waiting after)` : ""} | ${row.reqPerSec.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.peakRssMiB.toFixed(0)} | ${row.non2xx + row.errors} |`,
      ),
    ].join("\n"),
  );
  out.push(
    [
      "| `app worker` processes | deliveries/s in all | per process |",
      "| --- | --- | --- |",
      ...queue.workers.map((w) => `| ${w.workers} | ${w.perSecond.toFixed(0)} | ${w.perProcess.toFixed(0)} |`),
    ].join("\n"),
  );
  const checks = [];
  const { "inproc-noop": base, "queue-noop": ack, "queue-slow": slowAck } = byId;
  if (base && slowAck)
    checks.push({
      target: "queue-mode ack p99, 2 s handler ≤ 1.5× in-process p99, no-op",
      value: `${slowAck.p99} / ${base.p99} ms = ${(slowAck.p99 / base.p99).toFixed(2)}×`,
      met: slowAck.p99 <= 1.5 * base.p99,
    });
  if (base && ack)
    checks.push({
      target: "queue-mode ack throughput ≥ 0.5× in-process no-op",
      value: `${ack.reqPerSec.toFixed(0)} / ${base.reqPerSec.toFixed(0)} = ${(ack.reqPerSec / base.reqPerSec).toFixed(2)}×`,
      met: ack.reqPerSec >= 0.5 * base.reqPerSec,
    });
  if (ack) {
    // Bounded: what waits is in Redis, so the web instance's RSS must not follow the queue's depth.
    checks.push({
      target: `web instance peak RSS bounded while ≥ 10,000 deliveries wait (against the same instance when ${ack.warmWaiting} waited)`,
      value: `${ack.peakRssMiB.toFixed(0)} MiB with ${ack.waiting} waiting / ${ack.warmPeakRssMiB.toFixed(0)} MiB = ${(ack.peakRssMiB / ack.warmPeakRssMiB).toFixed(2)}× (in-process no-op: ${base ? base.peakRssMiB.toFixed(0) : "?"} MiB)`,
      met: ack.waiting >= 10_000 && ack.peakRssMiB <= 1.25 * ack.warmPeakRssMiB,
    });
  }
  out.push(
    [
      "| target | measured | met |",
      "| --- | --- | --- |",
      ...checks.map((c) => `| ${c.target} | ${c.value} | ${c.met ? "yes" : "**no**"} |`),
    ].join("\n"),
  );
  return out.join("\n\n");
}
