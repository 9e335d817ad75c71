import type { Job, Queue } from "bullmq";
import type { RedisOptions } from "ioredis";
import { AppError, isAppError } from "../errors.js";
import { scrubSecrets } from "../log/secrets.js";
import { RedisConnection } from "../redis/redis-connection.js";
import { bullConnection } from "./bull-connection.js";
import { jobIdOf, queueNameOf, queuePrefixOf, type DeliveryJobData } from "./delivery-job.js";

export type FailedDelivery = {
  id: string;
  /** Event name, with the payload's action when it has one: `issues.opened`. */
  event: string;
  /** Runs made, the failed ones included. */
  attempts: number;
  /** The last run's error, scrubbed of secrets. */
  error: string;
  /** When the last run failed (ISO 8601), if known. */
  failedAt: string | undefined;
};

export type RetryResult = { retried: string[]; missing: string[] };

export type FailedDeliveries = {
  /** The queue's name: `deliveries-<platform>_<app id>`. */
  name: string;
  list(): Promise<FailedDelivery[]>;
  /** The other delivery queues in this Redis with failed deliveries (another app id or platform), and how many. */
  othersWithFailures(): Promise<Array<{ name: string; failed: number }>>;
  /** Queues the given failed deliveries again (every one with `"all"`), each with its attempts renewed. */
  retry(ids: readonly string[] | "all"): Promise<RetryResult>;
  close(): Promise<void>;
};

const noLog = { info: () => undefined, warn: () => undefined };

type Found = Job<DeliveryJobData> | undefined;

export async function openFailedDeliveries({
  redisConfig,
  appId,
  baseUrl,
}: {
  redisConfig: RedisOptions | string;
  appId: number | string;
  /** The platform's API base URL, as given to `app run` (default github.com): each platform has its own queue. */
  baseUrl?: string | undefined;
}): Promise<FailedDeliveries> {
  const connection = new RedisConnection({ config: redisConfig, log: noLog });
  const { Queue } = await import("#bullmq");
  const name = queueNameOf(appId, baseUrl);
  const prefix = queuePrefixOf(connection.keyPrefix);
  const queue: Queue<DeliveryJobData> = new Queue(name, {
    connection: bullConnection(connection.config, "admin"),
    prefix,
    skipVersionCheck: true,
  });
  queue.on("error", () => undefined);
  const unreachable = (error: unknown) =>
    new AppError("QUEUE_UNREACHABLE", `The delivery queue's Redis at ${connection.description} did not answer.`, {
      hint: "Check REDIS_URL (or --redis-url): it must be the Redis the app's instances use.",
      cause: error,
    });
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw isAppError(error) ? error : unreachable(error);
    }
  };

  return {
    name,
    othersWithFailures: () =>
      guarded(async () => {
        // This connection is only made now (its offline queue is off): wait for it as long as a connection attempt may take.
        await connection.whenUp(2000);
        const redis = await connection.client();
        const pattern = `${prefix}:deliveries-*:failed`;
        const keys = new Set<string>();
        let cursor = "0";
        do {
          const [next, found] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 1000);
          for (const key of found) keys.add(key);
          cursor = next;
        } while (cursor !== "0");
        const others = [];
        for (const key of [...keys].sort()) {
          const other = key.slice(prefix.length + 1, -":failed".length);
          const failed = other === name ? 0 : await redis.zcard(key);
          if (failed > 0) others.push({ name: other, failed });
        }
        return others;
      }),
    list: () =>
      guarded(async () => {
        const jobs = (await queue.getFailed(0, -1)) as Array<Job<DeliveryJobData>>;
        return jobs.filter(Boolean).map(describe);
      }),
    retry: (ids) =>
      guarded(async () => {
        // Several registrations share the first one's queue; the others' job ids name their registration too.
        let failedSet: Promise<Array<Job<DeliveryJobData>>> | undefined;
        const findFailed = async (id: string): Promise<Found> =>
          (await (failedSet ??= queue.getFailed(0, -1))).find((job) => job?.data.id === id);
        const jobs =
          ids === "all"
            ? ((await queue.getFailed(0, -1)) as Array<Job<DeliveryJobData>>).filter(Boolean)
            : await Promise.all(ids.map(async (id) => ((await queue.getJob(jobIdOf(id))) ?? findFailed(id)) as Found));
        const result: RetryResult = { retried: [], missing: [] };
        for (const [index, job] of jobs.entries()) {
          const id = job?.data.id ?? (ids === "all" ? "" : ids[index]!);
          if (!job || !(await job.isFailed())) {
            result.missing.push(id);
            continue;
          }
          await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
          result.retried.push(id);
        }
        return result;
      }),
    async close() {
      await queue.close().catch(() => undefined);
      await connection.close().catch(() => undefined);
    },
  };
}

function describe(job: Job<DeliveryJobData>): FailedDelivery {
  let action: unknown;
  try {
    action = (JSON.parse(job.data.body) as { action?: unknown }).action;
  } catch {
    action = undefined;
  }
  return {
    id: job.data.id,
    event: typeof action === "string" ? `${job.data.name}.${action}` : job.data.name,
    attempts: job.attemptsMade,
    // Scrubbed when stored; again here, for what an older version stored.
    error: scrubSecrets(job.failedReason ?? ""),
    failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : undefined,
  };
}
