import type { Server, ServerResponse } from "node:http";
import type { Logger } from "../log/get-log.js";
import { abandonDeliveries, type AbandonOptions } from "../delivery/abandon-deliveries.js";
import type { InFlight } from "../delivery/in-flight.js";

const IDLE_SWEEP_MS = 20;

export type StopServerOptions = {
  graceMs: number;
  log: Logger;
  handOver?: AbandonOptions["handOver"];
  /** True while an answer is still to be sent on some connection: idle ones are then left for later. */
  answering?: () => boolean;
};

/**
 * Answers not yet sent, per connection. Node counts a connection whose
 * pipelined requests wait for their answers as idle (its parser is), and
 * `closeIdleConnections()` would cut those answers off.
 */
export class PendingAnswers {
  total = 0;
  #perSocket = new WeakMap<object, number>();

  track(socket: object, response: ServerResponse): void {
    this.#perSocket.set(socket, this.pendingOn(socket) + 1);
    this.total++;
    response.once("close", () => {
      this.#perSocket.set(socket, this.pendingOn(socket) - 1);
      this.total--;
    });
  }

  pendingOn(socket: object): number {
    return this.#perSocket.get(socket) ?? 0;
  }
}

/** Handlers get up to `graceMs`; then they are aborted and named, and what is open is closed hard. */
export async function stopServer(
  server: Server,
  inFlight: InFlight,
  { graceMs, log, handOver, answering = () => false }: StopServerOptions,
): Promise<void> {
  const deadline = performance.now() + graceMs;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // An idle keep-alive connection would carry the next delivery into the
  // drain; one that turns idle after its answer is swept just as soon.
  const closeIdle = (): void => {
    if (!answering()) server.closeIdleConnections();
  };
  closeIdle();
  const sweep = setInterval(closeIdle, IDLE_SWEEP_MS);
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
