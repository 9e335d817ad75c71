import { settlesWithin, stopBudget } from "../helpers/stop-budget.js";
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

/** After the grace period, what a stop may wait for Redis, the relay and the error reporter in all. */
export const STOP_MARGIN_MS = 3500;

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
      const grace = options.graceMs ?? graceMs;
      // Whatever Redis (or the relay) does, the stop ends within the grace period and this margin.
      const budget = stopBudget(grace + STOP_MARGIN_MS, log);
      await budget.wait("the webhook proxy's close", proxy?.close());
      // The worker takes no new deliveries while the server drains; both get the same grace.
      await budget.wait(
        "the drain of running handlers",
        Promise.all([server.stop({ ...options, graceMs: grace }), queueParts.worker?.close({ graceMs: grace })]),
      );
      await budget.wait("the delivery queue's close", queueParts.queue?.close());
      await budget.wait("the running redelivery sweep", queueParts.redelivery?.sweeping());
      // After the handlers: they may still use Redis.
      await budget.wait("the app's Redis connection's close", server.app.close());
      await budget.wait("the flush of error reports", flushSentry());
      log.flush();
    })());
}

/** After the rest of a stop, what the last export of spans and metrics may take. */
const TELEMETRY_STOP_MS = 1000;

/** Spans and metrics still buffered are exported once the stop is done (bounded: the collector may be gone). */
export function thenShutDown(stop: Stop, telemetry: { shutdown(): Promise<void> } | undefined): Stop {
  if (!telemetry) return stop;
  return (options) => stop(options).finally(() => settlesWithin(telemetry.shutdown(), TELEMETRY_STOP_MS));
}
