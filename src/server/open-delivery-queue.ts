import type { App } from "../app.js";
import { AppError } from "../errors.js";
import { isWorkerd } from "../helpers/is-workerd.js";
import type { DeliveryPort } from "../delivery/delivery-port.js";

/** Queue mode for the hosts an app brings itself (`createNodeMiddleware`, `createWebHandler`). */
export type QueueModeOptions = {
  /**
   * `"redis"`: queue mode, as `app run --queue redis` (`DELIVERY_QUEUE=redis`).
   * Verified deliveries are stored in a BullMQ queue on the app's Redis
   * (`REDIS_URL`, or `redisConfig`) and answered 202 `{"queued": id}`; `app
   * worker` processes run them. Nothing runs handlers here. BullMQ is loaded
   * only then. Default: off (handlers run in this process).
   */
  queue?: "redis" | "none" | undefined;
  /** With `queue: "redis"`: runs of a failing delivery in all (`DELIVERY_ATTEMPTS`). Default: 3. */
  deliveryAttempts?: number | undefined;
  /** A queue of your own (as `createServer`'s option); wins over `queue`, and is yours to close. */
  deliveryQueue?: DeliveryPort | undefined;
};

export type OpenedQueue = {
  queue: DeliveryPort | undefined;
  /** Closes the queue this host opened (not one it was given). */
  close(): Promise<void>;
};

const NOTHING: OpenedQueue = { queue: undefined, close: async () => undefined };

/** Settings are checked at once; the queue opens in the background (the App's sharing opens it) and the first delivery waits for it. */
export function openDeliveryPort(app: App, options: QueueModeOptions, caller: string): OpenedQueue {
  // No App: the host's own check says so, with its hint.
  if (!app?.state) return NOTHING;
  if (options.deliveryQueue) return { queue: options.deliveryQueue, close: NOTHING.close };
  const mode = options.queue;
  if (mode === undefined || mode === "none") return NOTHING;
  if (mode !== "redis") {
    throw new AppError("OPTION_INVALID", `${caller}'s queue option must be "redis", got "${String(mode)}".`, {
      hint: 'Pass queue: "redis" (with REDIS_URL) to queue deliveries for `app worker`, or leave it out.',
    });
  }
  if (isWorkerd()) {
    throw new AppError(
      "OPTION_INVALID",
      `Queue mode does not run on Cloudflare Workers: ${caller} got queue: "redis", but the queue is BullMQ on ` +
        "Redis, which needs TCP connections that outlive a request, and a Worker's connections end with each request.",
      {
        hint:
          "Leave queue out on Workers (handlers run in the Worker, answered 202 after handlerTimeoutMs), " +
          "or receive deliveries with `app run --queue redis` on Node.",
      },
    );
  }
  if (!app.state.redis) {
    throw new AppError(
      "OPTION_INVALID",
      `Queue mode needs REDIS_URL: ${caller} got queue: "redis" but the app has no Redis.`,
      {
        hint: "Set REDIS_URL (or the redisConfig option of createApp), e.g. redis://127.0.0.1:6379.",
      },
    );
  }
  const { openQueue } = app;
  if (!openQueue) {
    throw new AppError("OPTION_INVALID", `${caller} got queue: "redis", but no plugin of the app opens a queue.`, {
      hint: 'Create the app with createApp(), or import App from "gh-app-kit": its App brings the queue plugin.',
    });
  }
  const attempts = options.deliveryAttempts;
  if (attempts !== undefined && (!Number.isSafeInteger(attempts) || attempts < 1)) {
    throw new AppError(
      "OPTION_INVALID",
      `deliveryAttempts must be a whole number of at least 1, got ${String(attempts)}.`,
    );
  }
  const queue = openQueue({ attempts });
  return { queue, close: () => queue.close() };
}
