import { fork } from "node:child_process";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { track } from "./children.js";
import { cpuMicros, memory } from "./proc-stats.js";

const WORKER = fileURLToPath(new URL("./load-worker.js", import.meta.url));
const SAMPLE_MS = 100;

/**
 * Runs one slice of load against `server` from a separate autocannon process
 * and measures the server meanwhile: CPU time used (µs, from /proc), the
 * highest RSS sampled, and how many times its handler ran.
 *
 * @example
 * const slice = await runSlice(server, { connections: 50, duration: 6, headers, bodyFile });
 * console.log(slice.cpuPerDeliveryUs, slice.load.latency.p99);
 */
export async function runSlice(server, { connections, duration, headers, bodyFile, uniqueIds = false }) {
  const worker = track(fork(WORKER, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] }));
  try {
    const exited = new Promise((resolve, reject) => {
      worker.once("exit", (code) => reject(new Error(`the load generator exited (${code}) before reporting`)));
    });
    exited.catch(() => {}); // only read through next()
    const next = () => Promise.race([new Promise((resolve) => worker.once("message", resolve)), exited]);
    worker.send({ url: server.url, connections, duration, headers, bodyFile, uniqueIds });
    await next(); // ready
    const handledBefore = await server.count();
    const cpuBefore = cpuMicros(server.pid);
    let peakRss = memory(server.pid).rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, memory(server.pid).rss);
    }, SAMPLE_MS);
    // The machine's own stalls: how late this (idle) process's 1 ms timer
    // fires while the slice runs. Every process here, servers included, is
    // held up as long when the machine does not run it.
    const stall = monitorEventLoopDelay({ resolution: 1 });
    stall.enable();
    worker.send({ type: "go" });
    const message = await next().finally(() => {
      clearInterval(sampler);
      stall.disable();
    });
    const cpuUs = cpuMicros(server.pid) - cpuBefore;
    if (message.type !== "result") throw new Error(`the load generator failed: ${message.message}`);
    const load = message.result;
    const handled = (await server.count()) - handledBefore;
    const { rss: rssAfter } = memory(server.pid);
    return {
      load,
      reqPerSec: load.ok / load.durationS,
      cpuUs,
      cpuPerDeliveryUs: load.ok > 0 ? cpuUs / load.ok : Number.NaN,
      peakRss,
      rssAfter,
      stallMs: { p99: stall.percentile(99) / 1e6, max: stall.max / 1e6 },
      handled,
      // Requests cut off when the slice ends may have run the handler with no
      // answer counted, so up to (sent - completed) extra runs are fine.
      handledOk: handled >= load.ok && handled <= load.ok + (load.sent - load.completed),
    };
  } finally {
    worker.kill("SIGKILL");
  }
}
