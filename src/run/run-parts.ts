import type { App } from "../app.js";
import type { Logger } from "../log/get-log.js";
import type { Options } from "../options/app-options.js";
import type { QueueSettings } from "../queue/resolve-queue-settings.js";
import type { QueueParts } from "./stop-once.js";

/** `app run`'s own worker in queue mode, unless `--no-worker`. */
export async function startQueueWorker(app: App, settings: QueueSettings, log: Logger): Promise<QueueParts["worker"]> {
  if (!settings.worker) {
    log.info("Queue mode without a worker: deliveries are queued for `app worker` processes.");
    return undefined;
  }
  const { startDeliveryWorker } = await import("../queue/start-delivery-worker.js");
  return startDeliveryWorker({ app, concurrency: settings.concurrency, lockMs: settings.lockMs, log });
}

/** The options of setup mode: no credentials, whatever the environment holds. */
export function withoutCredentials(options: Options): Options {
  const { appId: _a, id: _i, privateKey: _p, cert: _c, platformToken: _t, ...rest } = options;
  return rest;
}

/** Where a local relay reaches a server listening on all interfaces. */
export function loopback(host: string): string {
  return host === "::" || host === "0.0.0.0" ? "127.0.0.1" : host;
}
