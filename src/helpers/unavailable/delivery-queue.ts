// "#delivery-queue" in a Workers bundle: queue mode is refused on Workers before it opens a queue
// (see src/server/open-delivery-queue.ts); src/queue/queue-sharing.ts loads it; this keeps BullMQ's glue out of the bundle.
import { unavailableOnWorkers } from "./unavailable.js";

export function createDeliveryQueue(): never {
  throw unavailableOnWorkers(
    "Queue mode (DELIVERY_QUEUE=redis)",
    "Leave queue out on Workers, or receive deliveries with `app run --queue redis` on Node.",
  );
}
