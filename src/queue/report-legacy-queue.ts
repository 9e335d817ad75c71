import type { SharedConnection } from "../app-sharing.js";
import { queueNameOf, queuePrefixOf } from "./delivery-job.js";

/** BullMQ's lists and sorted sets of jobs not yet completed. */
const LISTS = ["wait", "paused", "active"] as const;
const SETS = ["delayed", "prioritized", "failed"] as const;

/**
 * Versions before the queue was scoped by platform named it by app id alone
 * (`deliveries-<app id>`); this one never reads that queue, since its jobs
 * may be another platform's. Once Redis answers, one warning says how many
 * deliveries are left there and how to run them.
 */
export async function reportLegacyQueue(
  connection: SharedConnection,
  appId: number | string,
  baseUrl: string | undefined,
  log: { warn(message: string): unknown },
): Promise<void> {
  const base = `${queuePrefixOf(connection.keyPrefix)}:${queueNameOf(appId, null)}`;
  const redis = await connection.client();
  const counts = await Promise.all([
    ...LISTS.map((list) => redis.llen(`${base}:${list}`)),
    ...SETS.map((set) => redis.zcard(`${base}:${set}`)),
  ]);
  const left = counts.reduce((sum, count) => sum + count, 0);
  if (left === 0) return;
  log.warn(
    `${left} deliveries are still in ${base}, the queue of an earlier version (named by app id alone); ` +
      `this version runs only ${queuePrefixOf(connection.keyPrefix)}:${queueNameOf(appId, baseUrl)} (named by platform and app id). ` +
      "Run one `app worker` of the earlier version until that queue is empty (its `app deliveries failed` lists the failed ones). See docs/queue.md (Upgrading).",
  );
}
