import type { App } from "../app.js";
import type { Logger } from "../log/get-log.js";
import type { DeliveryPort } from "../delivery/delivery-port.js";
import { AppError } from "../errors.js";
import type { QueueSettings } from "../queue/resolve-queue-settings.js";
import type { DeliveryWorker } from "../queue/start-delivery-worker.js";
import type { QueueParts } from "./stop-once.js";

export type RunQueueParts = QueueParts & { deliveryQueue?: DeliveryPort | undefined };

/** `app run --queue redis`: the queue the webhook route stores deliveries in. BullMQ is loaded with its first use. */
export async function openRunQueue(app: App, settings: QueueSettings | undefined): Promise<RunQueueParts> {
  if (!settings) return {};
  // The one way a queue is opened, the queue plugin's (as createServer({ queue: "redis" }) does): with
  // several registrations, each one's deliveries are remembered under its own scope.
  if (!app.openQueue) {
    throw new AppError("OPTION_INVALID", "Queue mode is on, but no plugin of the app opens a queue.", {
      hint: 'Create the app with createApp(), or import App from "gh-app-kit": its App brings the queue plugin.',
    });
  }
  const deliveryQueue = app.openQueue({ attempts: settings.attempts, backoffMs: settings.backoffMs });
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
