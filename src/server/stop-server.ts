import type { Server } from "node:http";
import type { Logger } from "../log/get-log.js";
import type { InFlight } from "./in-flight.js";

const IDLE_SWEEP_MS = 20;

/**
 * A graceful stop: no new connections, running handlers get up to `graceMs`
 * to finish, connections are closed as their last answer is written, and
 * whatever is still open at the deadline is closed hard.
 */
export async function stopServer(server: Server, inFlight: InFlight, graceMs: number, log: Logger): Promise<void> {
  const deadline = performance.now() + graceMs;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  if (!(await inFlight.idle(graceMs))) {
    log.warn(`Stopping with ${inFlight.count} deliveries still running after ${graceMs} ms.`);
  }
  // A keep-alive connection turns idle only once its answer is written, which
  // can be just after the handlers settle; sweep until all are gone.
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  const hard = setTimeout(() => server.closeAllConnections(), Math.max(0, deadline - performance.now()));
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(hard);
  }
}
