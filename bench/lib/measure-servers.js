import { setTimeout as sleep } from "node:timers/promises";
import { runSlice } from "./load.js";
import { memory } from "./proc-stats.js";
import { startServer } from "./server-process.js";

const SETTLE_MS = 1000;

/**
 * Starts every server (each its own process), lets them settle, and records
 * start-up time and idle RSS before any load.
 *
 * @example
 * const servers = await startServers(defs, { cwd, env, logDir, logLevel: "warn" });
 */
export async function startServers(defs, options) {
  const servers = [];
  try {
    for (const def of defs) servers.push(await startServer(def, options));
  } catch (error) {
    await stopServers(servers);
    throw error;
  }
  await sleep(SETTLE_MS);
  for (const server of servers) server.idleRss = memory(server.pid).rss;
  return servers;
}

/**
 * Stops every server; each gets SIGTERM, then SIGKILL after 5 s.
 *
 * @example
 * await stopServers(servers);
 */
export async function stopServers(servers) {
  await Promise.all(servers.map((server) => server.stop()));
}

/**
 * One warm-up slice per server, then `rounds` rounds in which every server
 * gets one slice, in an order that rotates each round so no server always
 * follows the same neighbour. Returns the slices per server id, by round.
 *
 * @example
 * const slices = await runRounds(servers, { rounds: 5, sliceS: 6, warmupS: 3, connections: 50, headers, bodyFile });
 */
export async function runRounds(servers, { rounds, sliceS, warmupS, connections, headers, bodyFile, progress }) {
  const load = { connections, headers, bodyFile };
  for (const server of servers) {
    if (warmupS > 0) await runSlice(server, { ...load, duration: warmupS });
  }
  const slices = Object.fromEntries(servers.map((server) => [server.def.id, []]));
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < servers.length; turn++) {
      const server = servers[(round + turn) % servers.length];
      const slice = await runSlice(server, { ...load, duration: sliceS });
      slices[server.def.id].push(slice);
      progress?.(
        `round ${round + 1}/${rounds} ${server.def.id}: ${slice.reqPerSec.toFixed(0)} req/s, ` +
          `${slice.cpuPerDeliveryUs.toFixed(0)} µs CPU/delivery, p99 ${slice.load.latency.p99} ms`,
      );
    }
  }
  return slices;
}
