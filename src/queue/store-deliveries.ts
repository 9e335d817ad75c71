import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { DeliveryJobData } from "./delivery-job.js";
import { jobIdOf } from "./delivery-job.js";

export type StoreResult = "queued" | "duplicate";

export type StoreDeliveriesOptions = {
  /** The app's Redis client, where delivery ids are remembered. */
  client(): Promise<Redis>;
  /** The key remembering a delivery id (shared with the delivery claims). */
  keyOf(deliveryId: string): string;
  queue: Queue<DeliveryJobData>;
  /** While a delivery is being stored: if this instance dies between the steps, the id is free again after this. */
  storingMs: number;
  /** How long a stored delivery's id is remembered. */
  memoryMs: number;
};

type Pending = { delivery: DeliveryJobData; resolve(result: StoreResult): void; reject(error: unknown): void };

/**
 * Stores deliveries in batches: those that arrive in one turn of the event
 * loop share each Redis round trip (one pipeline of `SET NX` for their ids,
 * one BullMQ `addBulk` for the new ones, one pipeline marking them queued)
 * instead of three writes each. Under load many requests finish reading in
 * the same turn; alone, a delivery waits for nothing but that turn's end.
 * Each promise still resolves only once Redis holds that job.
 *
 * @example
 * const store = storeDeliveries({ client: () => connection.client(), keyOf, queue, storingMs: 30_000, memoryMs });
 * await store(delivery); // "queued" | "duplicate"
 */
export function storeDeliveries({ client, keyOf, queue, storingMs, memoryMs }: StoreDeliveriesOptions): (delivery: DeliveryJobData) => Promise<StoreResult> {
  let batch: Pending[] = [];

  const flush = (): void => {
    const taken = batch;
    batch = [];
    storeBatch(taken).catch((error: unknown) => {
      for (const each of taken) each.reject(error);
    });
  };

  async function storeBatch(taken: Pending[]): Promise<void> {
    const redis = await client();
    const keys = taken.map(({ delivery }) => keyOf(delivery.id));
    const claims = redis.pipeline();
    for (const key of keys) claims.set(key, "storing", "PX", storingMs, "NX");
    const answers = (await claims.exec()) ?? [];
    const claimed: number[] = [];
    taken.forEach((each, index) => {
      const [error, reply] = answers[index] ?? [new Error("Redis gave no answer.")];
      if (error) each.reject(error);
      else if (reply === "OK") claimed.push(index);
      else each.resolve("duplicate");
    });
    if (claimed.length === 0) return;
    try {
      await queue.addBulk(
        claimed.map((index) => {
          const { delivery } = taken[index]!;
          return { name: delivery.name, data: delivery, opts: { jobId: jobIdOf(delivery.id) } };
        }),
      );
    } catch (error) {
      // Not stored: free the ids so a redelivery is queued, not called a duplicate.
      const release = redis.pipeline();
      for (const index of claimed) release.del(keys[index]!);
      await release.exec().catch(() => undefined);
      for (const index of claimed) taken[index]!.reject(error);
      return;
    }
    for (const index of claimed) taken[index]!.resolve("queued");
    // Not awaited: the jobs are stored, which is what the 202 promises. Should
    // this fail, the "storing" marks expire and the job ids still dedupe.
    const remember = redis.pipeline();
    for (const index of claimed) remember.set(keys[index]!, "queued", "PX", memoryMs);
    remember.exec().catch(() => undefined);
  }

  return (delivery) =>
    new Promise<StoreResult>((resolve, reject) => {
      if (batch.push({ delivery, resolve, reject }) === 1) setImmediate(flush);
    });
}
