import type { AppPlugin } from "../app.js";
import type { DeliveryPort } from "../delivery/delivery-port.js";

/**
 * The delivery queue plugin: an App made with it opens a delivery queue
 * (BullMQ) on its Redis sharing's connection, the port a server takes with
 * `queue: "redis"` (`app.openQueue`). BullMQ is loaded only when a queue is
 * opened; an App without Redis sharing opens none (the server says so).
 *
 * @example
 * const app = new (App.plugin(redisSharing, deliveryQueue))({ appId, privateKey, redisConfig });
 * const port = app.openQueue!({ attempts: 3 });
 */
export const deliveryQueue: AppPlugin = (app) => ({
  openQueue: ({ attempts, backoffMs }) => {
    const { connection, storeMarks: marks } = app.state.redis!;
    const opening = import("#delivery-queue").then(({ createDeliveryQueue }) =>
      createDeliveryQueue({
        connection,
        marks,
        marksFor: ({ appId, baseUrl }) => app.registrations.find({ appId, baseUrl })?.sharing?.storeMarks,
        appId: app.state.appId ?? "token",
        baseUrl: app.state.baseUrl,
        attempts,
        backoffMs,
        tracing: app.tracing,
      }),
    );
    // A failure is each delivery's (a 503), not an unhandled rejection.
    opening.catch(() => undefined);
    return openingPort(opening);
  },
});

/** The first delivery waits for the queue to open; closing one that failed to open does nothing. */
function openingPort(opening: Promise<DeliveryPort>): DeliveryPort {
  let closed: Promise<void> | undefined;
  return {
    enqueue: async (delivery) => (await opening).enqueue(delivery),
    ready: async (timeoutMs) => (await opening).ready(timeoutMs),
    close: () =>
      (closed ??= opening.then(
        (queue) => queue.close(),
        () => undefined,
      )),
  };
}
