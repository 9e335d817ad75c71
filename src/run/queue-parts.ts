import type { App } from "../app.js";
import type { Logger } from "../log/get-log.js";
import type { DeliveryQueue } from "../queue/create-delivery-queue.js";
import type { QueueSettings } from "../queue/resolve-queue-settings.js";
import type { DeliveryWorker } from "../queue/start-delivery-worker.js";
import type { QueueParts } from "./stop-once.js";

export type RunQueueParts = QueueParts & { deliveryQueue?: DeliveryQueue | undefined };

/** `app run --queue redis`: the queue the webhook route stores deliveries in. BullMQ is loaded here only. */
export async function openRunQueue(app: App, settings: QueueSettings | undefined): Promise<RunQueueParts> {
  if (!settings) return {};
  const { createDeliveryQueue } = await import("../queue/create-delivery-queue.js");
  const deliveryQueue = await createDeliveryQueue({
    connection: app.state.redis!.connection,
    marks: app.state.redis!.storeMarks,
    appId: app.state.appId ?? "token",
    baseUrl: app.state.baseUrl,
    attempts: settings.attempts,
    backoffMs: settings.backoffMs,
    tracing: app.tracing,
  });
  return { deliveryQueue, queue: deliveryQueue };
}

/**
 * Says whether a restart of Redis would lose acknowledged deliveries, then starts the worker unless
 * `--no-worker`: `app run --queue redis` and `app worker`. BullMQ is loaded here only.
 */
export async function startQueueWorker(
  app: App,
  settings: QueueSettings,
  log: Logger,
): Promise<DeliveryWorker | undefined> {
  const { reportQueueStart } = await import("../queue/report-queue-start.js");
  reportQueueStart({
    connection: app.state.redis!.connection,
    appId: app.state.appId ?? "token",
    baseUrl: app.state.baseUrl,
    log,
  });
  if (!settings.worker) {
    log.info("Queue mode without a worker: deliveries are queued for `app worker` processes.");
    return undefined;
  }
  const { startDeliveryWorker } = await import("../queue/start-delivery-worker.js");
  return startDeliveryWorker({ app, concurrency: settings.concurrency, lockMs: settings.lockMs, log });
}
