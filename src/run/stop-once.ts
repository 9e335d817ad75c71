import type { Logger } from "../log/get-log.js";
import { flushSentry } from "../log/sentry.js";
import type { WebhookProxy } from "../proxy/create-webhook-proxy.js";
import type { AppServer } from "../server/create-server.js";

import type { StopOptions } from "../server/create-server.js";

export type Stop = (options?: StopOptions) => Promise<void>;

/**
 * The stop of `run()`: the proxy first (no new deliveries), then the server
 * (running handlers get `graceMs`), then the app's connections (Redis),
 * then the logs are flushed, Sentry's included. Calling it again returns the same promise.
 *
 * @example
 * const stop = stopOnce(server, proxy, log, 10_000);
 * await stop();
 */
export function stopOnce(server: AppServer, proxy: WebhookProxy | undefined, log: Logger, graceMs: number): Stop {
  let stopping: Promise<void> | undefined;
  return (options = {}) =>
    (stopping ??= (async () => {
      await proxy?.close();
      await server.stop({ ...options, graceMs: options.graceMs ?? graceMs });
      await server.app.close(); // after the handlers: they may still use Redis
      await flushSentry();
      log.flush();
    })());
}
