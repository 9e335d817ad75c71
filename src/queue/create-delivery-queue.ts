import type { Queue } from "bullmq";
import type { RedisOptions } from "ioredis";
import type { StoredRegistration } from "../delivery/delivery.js";
import type { DeliveryPort } from "../delivery/delivery-port.js";
import type { SharedConnection, StoreMarks } from "../app-sharing.js";
import { sharingScope } from "../redis/sharing-scope.js";
import { bullConnection } from "./bull-connection.js";
import { jobIdOf, queueNameOf, queuePrefixOf, type DeliveryJobData } from "./delivery-job.js";
import { DEFAULT_BACKOFF_MS, DEFAULT_DELIVERY_ATTEMPTS } from "./queue-defaults.js";
import { QueueUnavailableError } from "./queue-errors.js";
import type { DeliveryTracing, QueueReading } from "../app-plugin.js";

export type EnqueueResult = "queued" | "duplicate";

/** The core's `DeliveryPort` on BullMQ: `enqueue` throws `QueueUnavailableError` when Redis did not store the delivery. */
export type DeliveryQueue = DeliveryPort;

export type DeliveryQueueOptions = {
  /** The app's Redis connection: the delivery ids are remembered there, under its key prefix. */
  connection: SharedConnection;
  /** The sharing's marks (`app.state.redis.storeMarks`): a delivery is stored or run once across instances. */
  marks: StoreMarks;
  /** Several registrations: the marks of the registration a delivery names (its own scope); `marks` when it names none. */
  marksFor?: ((registration: StoredRegistration) => StoreMarks | undefined) | undefined;
  appId: number | string;
  /** The platform's API base URL (default github.com): the queue and the remembered ids are scoped to it and the app id. */
  baseUrl?: string | undefined;
  /** Runs of a delivery in all, the first included. Default: 3. */
  attempts?: number | undefined;
  /** First retry after this long, then twice as long each time. Default: 5000. */
  backoffMs?: number | undefined;
  /** The App's tracing (telemetry's plugin gives it): the queue's gauges are reported through it. */
  tracing?: DeliveryTracing | undefined;
};

/** Ids are remembered under the delivery claims' key, so a delivery is stored once across instances. */
export async function createDeliveryQueue({
  connection,
  marks: defaultMarks,
  marksFor,
  appId,
  baseUrl,
  attempts = DEFAULT_DELIVERY_ATTEMPTS,
  backoffMs = DEFAULT_BACKOFF_MS,
  tracing,
}: DeliveryQueueOptions): Promise<DeliveryQueue> {
  const [{ Queue }, { Redis }] = await Promise.all([import("#bullmq"), import("#ioredis")]);
  // Our own client, handed to BullMQ: its close() only quits a connected
  // client, and one closed while reconnecting to a Redis that is down would
  // go on reconnecting (and keep the process alive); this one is disconnected.
  const { url, ...clientOptions } = bullConnection(connection.config, "producer") as RedisOptions & { url?: string };
  // ioredis' RedisOptions does not satisfy its own constructor type under exactOptionalPropertyTypes.
  const client = url === undefined ? new Redis(clientOptions as never) : new Redis(url, clientOptions as never);
  client.on("error", () => undefined);
  // With the offline queue off, an add sent before this client first connects fails: a delivery that
  // arrives as the host starts (the app's connection up, this one not yet) waits for it, as long as a
  // connection attempt may take, instead of getting a 503. Later, while Redis is away, adds fail at once.
  const firstConnect = new Promise<void>((resolve) => client.once("ready", () => resolve()));
  const connected = () =>
    client.status === "ready" || withinConnectTimeout(firstConnect, clientOptions.connectTimeout ?? 2000);
  const queue: Queue<DeliveryJobData> = new Queue(queueNameOf(appId, baseUrl), {
    connection: client,
    prefix: queuePrefixOf(connection.keyPrefix),
    skipVersionCheck: true,
    defaultJobOptions: {
      attempts,
      backoff: { type: "exponential", delay: backoffMs },
      // Dedupe rests on the remembered ids, not on finished jobs: those can go.
      removeOnComplete: { count: 1000 },
      // The failed set is kept until `app deliveries retry` (or an operator) empties it.
      removeOnFail: false,
    },
  });
  // Outages are reported by the app's own connection, once; each failed add is a 503.
  queue.on("error", () => undefined);
  // Read at each metric export, the last ones after the queue closed, when its client never answers:
  // a read in flight or begun then fails at once (no point is reported).
  let markClosed!: (error: Error) => void;
  const closed = new Promise<never>((_, reject) => (markClosed = reject));
  closed.catch(() => undefined);
  tracing?.observeQueue(() => Promise.race([readQueue(queue), closed]));

  const ownScope = sharingScope(appId, baseUrl);

  async function store(delivery: DeliveryJobData): Promise<EnqueueResult> {
    const own = delivery.registration;
    // Delivery ids are remembered per registration: with several, each one's are its own (the queue is the first one's).
    const scope = own ? sharingScope(own.appId, own.baseUrl) : ownScope;
    const marks = (scope === ownScope ? undefined : own && marksFor?.(own)) ?? defaultMarks;
    const jobId = scope === ownScope ? jobIdOf(delivery.id) : jobIdOf(`${scope}/${delivery.id}`);
    const reserved = await marks.reserve(delivery.id);
    // Only reserved, with no job: a store that failed (its 503 acknowledged nothing; the reservation
    // reached a frozen Redis, its release did not) or one under way elsewhere. Either way it is not
    // a duplicate: this one stores it (the job id keeps it to one job) rather than drop it with a 200.
    if (!reserved && (!(await marks.isStoring(delivery.id)) || (await queue.getJob(jobId)))) return "duplicate";
    try {
      await queue.add(delivery.name, delivery, { jobId });
    } catch (error) {
      if (reserved) await marks.free(delivery.id);
      throw error;
    }
    // Not awaited: the job is stored, which is what the 202 promises. Should
    // this fail, the "storing" mark expires and the job id still dedupes.
    marks.stored(delivery.id);
    return "queued";
  }

  return {
    async enqueue(delivery) {
      if (!connection.up) throw new QueueUnavailableError(undefined);
      try {
        await connected();
        return await store(delivery);
      } catch (error) {
        connection.reportFailure(error);
        throw new QueueUnavailableError(error);
      }
    },
    ready: (timeoutMs) => connection.whenUp(timeoutMs),
    async close() {
      markClosed(new Error("The delivery queue is closed."));
      await queue.close().catch(() => undefined);
      client.disconnect();
    },
  };
}

/** New jobs are pushed at the list's head, so the oldest is the first in ascending order. */
async function readQueue(queue: Queue<DeliveryJobData>): Promise<QueueReading> {
  const [counts, [oldest]] = await Promise.all([
    queue.getJobCounts("waiting", "prioritized"),
    queue.getJobs(["waiting"], 0, 0, true),
  ]);
  const depth = (counts.waiting ?? 0) + (counts.prioritized ?? 0);
  return { depth, oldestAgeSeconds: oldest ? Math.max(0, Date.now() - oldest.timestamp) / 1000 : 0 };
}

/** Resolves when `first` does, or after `ms` (the add that follows then fails as it would have). */
function withinConnectTimeout(first: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([first, waited]).finally(() => clearTimeout(timer));
}
