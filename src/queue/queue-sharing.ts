import type { CreateSharing } from "../app-sharing.js";
import type { DeliveryPort } from "../delivery/delivery-port.js";

/**
 * The Redis sharing, plus what opens a delivery queue on its connection:
 * the port a server takes with `queue: "redis"`. BullMQ is loaded only when
 * a queue is opened.
 */
export function withDeliveryQueue(createSharing: CreateSharing): CreateSharing {
  return (options) => {
    const sharing = createSharing(options);
    sharing.openQueue = ({ attempts }) => {
      const opening = import("#delivery-queue").then(({ createDeliveryQueue }) =>
        createDeliveryQueue({
          connection: sharing.connection,
          appId: options.appId,
          baseUrl: options.baseUrl,
          attempts,
        }),
      );
      // A failure is each delivery's (a 503), not an unhandled rejection.
      opening.catch(() => undefined);
      return openingPort(opening);
    };
    return sharing;
  };
}

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
