import type { StoredDelivery } from "./delivery.js";

/**
 * Where a verified delivery runs. Without a port it runs here, in this
 * process, through `App.deliver`; with one it is stored for workers, which
 * run it through `App.deliver` in turn. BullMQ on Redis implements it
 * (src/queue/create-delivery-queue.ts); a host passes it to the server.
 */
export type DeliveryPort = {
  /** Stores the delivery once: "duplicate" when its id was stored, run or done before; throws when it was not stored. */
  enqueue(delivery: StoredDelivery): Promise<"queued" | "duplicate">;
  /** Resolves true once the port can store deliveries, false when `timeoutMs` passes first. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
};

/** What opens a port for an App (`queue: "redis"` of the server's hosts): supplied with the App's sharing. */
export type OpenDeliveryPort = (options: {
  attempts?: number | undefined;
  /** First retry after this long, then twice as long each time (the queue's default when not given). */
  backoffMs?: number | undefined;
}) => DeliveryPort;
