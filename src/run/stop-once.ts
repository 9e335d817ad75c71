import type { Logger } from "../log/get-log.js";
import { flushSentry } from "../log/sentry.js";
import type { WebhookProxy } from "../proxy/create-webhook-proxy.js";
import type { AppServer } from "../server/create-server.js";

import type { StopOptions } from "../server/create-server.js";

export type Stop = (options?: StopOptions) => Promise<void>;

/** Queue mode's parts of a process: a worker (drained with the server) and the queue (closed after it). */
export type QueueParts = {
  worker?: { close(options: { graceMs: number }): Promise<void> } | undefined;
  queue?: { close(): Promise<void> } | undefined;
  /** `--redeliver-every`: stopped first (no new sweep), its running sweep awaited before Redis closes. */
  redelivery?: { close(): void; sweeping(): Promise<unknown> } | undefined;
};

/** The proxy first, so no new deliveries arrive while the server drains. */
export function stopOnce(
  server: AppServer,
  proxy: WebhookProxy | undefined,
  log: Logger,
  graceMs: number,
  queueParts: QueueParts = {},
): Stop {
  let stopping: Promise<void> | undefined;
  return (options = {}) =>
    (stopping ??= (async () => {
      queueParts.redelivery?.close();
      await proxy?.close();
      const grace = options.graceMs ?? graceMs;
      // The worker takes no new deliveries while the server drains; both get the same grace.
      await Promise.all([server.stop({ ...options, graceMs: grace }), queueParts.worker?.close({ graceMs: grace })]);
      await queueParts.queue?.close();
      await queueParts.redelivery?.sweeping();
      await server.app.close(); // after the handlers: they may still use Redis
      await flushSentry();
      log.flush();
    })());
}
