import { AppError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { abortContext } from "../webhooks/abort-context.js";
import { deliveryLabel } from "./delivery.js";
import type { InFlightDelivery } from "./in-flight.js";

export type AbandonOptions = {
  log: Logger;
  /** How long the stop waited, for the message. */
  graceMs: number;
  /** Queue mode: true when the job went back to the queue, so it is not logged as one to redeliver. */
  handOver?: ((delivery: InFlightDelivery) => Promise<boolean>) | undefined;
};

/** Each abandoned delivery is named: the platform saw a 202 (or nothing) and will not resend it. */
export async function abandonDeliveries(
  deliveries: readonly InFlightDelivery[],
  options: AbandonOptions,
): Promise<void> {
  const { log, graceMs, handOver } = options;
  await Promise.all(
    deliveries.map(async (delivery) => {
      const label = deliveryLabel(delivery);
      const error = new AppError(
        "SHUTDOWN_DEADLINE_EXCEEDED",
        `The server stopped ${graceMs} ms after it was asked to, while delivery ${delivery.id} (${label}) was still running.`,
        {
          hint: handOver
            ? "It goes back to the queue, where another worker runs it again; or give running handlers more time to stop."
            : "Redeliver it from the app's settings (Advanced, Recent Deliveries), or give running handlers more time to stop.",
        },
      );
      // An AbortError, as fetch() and the client expect of an abort.
      abortContext(delivery.context, Object.assign(new DOMException(error.message, "AbortError"), { cause: error }));
      const handedOver = handOver ? await handOver(delivery).catch(() => false) : false;
      if (handedOver) {
        log.info(
          { id: delivery.id, event: label },
          `Delivery ${delivery.id} (${label}) was still running at shutdown after ${graceMs} ms: its handlers were aborted and it was handed back to the queue to run again.`,
        );
      } else {
        log.warn(
          { id: delivery.id, event: label },
          `Delivery ${delivery.id} (${label}) was still running at shutdown after ${graceMs} ms and was abandoned: redeliver ${delivery.id} from the app's settings (Advanced, Recent Deliveries).`,
        );
      }
    }),
  );
}
