import type { Server } from "node:http";
import type { Logger } from "../log/get-log.js";
import { abandonDeliveries, type AbandonOptions } from "./abandon-deliveries.js";
import type { InFlight } from "./in-flight.js";

const IDLE_SWEEP_MS = 20;

export type StopServerOptions = {
  graceMs: number;
  log: Logger;
  handOver?: AbandonOptions["handOver"];
};

/** Handlers get up to `graceMs`; then they are aborted and named, and what is open is closed hard. */
export async function stopServer(
  server: Server,
  inFlight: InFlight,
  { graceMs, log, handOver }: StopServerOptions,
): Promise<void> {
  const deadline = performance.now() + graceMs;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // An idle keep-alive connection would carry the next delivery into the
  // drain; one that turns idle after its answer is swept just as soon.
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let hard: NodeJS.Timeout | undefined;
  try {
    if (!(await inFlight.idle(graceMs))) {
      const running = inFlight.running();
      log.warn(`Stopping with ${running.length} deliveries still running after ${graceMs} ms.`);
      await abandonDeliveries(running, { log, graceMs, handOver });
    }
    hard = setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - performance.now()));
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(hard);
  }
}
