import type { Job } from "bullmq";
import type { App } from "../app.js";
import { AppError } from "../errors.js";
import { settlesWithin } from "../helpers/stop-budget.js";
import type { Logger } from "../log/get-log.js";
import { abandonDeliveries } from "../delivery/abandon-deliveries.js";
import { InFlight, type InFlightDelivery } from "../delivery/in-flight.js";
import { bullConnection } from "./bull-connection.js";
import { queueNameOf, queuePrefixOf, type DeliveryJobData } from "./delivery-job.js";
import { processDelivery } from "./process-delivery.js";
import { DEFAULT_LOCK_MS, DEFAULT_WORKER_CONCURRENCY } from "./queue-defaults.js";

export type DeliveryWorkerOptions = {
  /** The app whose handlers run; it must share through Redis (`redisConfig`). */
  app: App;
  /** Deliveries run at once by this worker. Default: 10. */
  concurrency?: number | undefined;
  /** Default: 30 000 (see DEFAULT_LOCK_MS). */
  lockMs?: number | undefined;
  log?: Logger | undefined;
};

export type DeliveryWorker = {
  running(): number;
  /** After `graceMs`, running jobs go back to the queue (neither completed nor failed) for another worker. */
  close(options?: { graceMs?: number }): Promise<void>;
};

const ERROR_LOG_INTERVAL_MS = 30_000;

export async function startDeliveryWorker({
  app,
  concurrency = DEFAULT_WORKER_CONCURRENCY,
  lockMs = DEFAULT_LOCK_MS,
  log = app.state.log,
}: DeliveryWorkerOptions): Promise<DeliveryWorker> {
  const redis = app.state.redis;
  if (!redis) {
    throw new AppError("OPTION_INVALID", "A delivery worker needs Redis.", { hint: "Set REDIS_URL (or --redis-url)." });
  }
  const appId = app.state.appId ?? "token";
  const { Worker, DelayedError, WaitingError } = await import("#bullmq");
  const running = new InFlight();
  /** The jobs running now, by delivery id (the job id), with their lock tokens: what a stop hands back. */
  const jobs = new Map<string, { job: Job<DeliveryJobData>; token: string | undefined }>();
  const handedBack = new Set<string>();
  let closingDown = false;
  const worker = new Worker<DeliveryJobData>(
    queueNameOf(appId, app.state.baseUrl),
    async (job, token) => {
      jobs.set(job.data.id, { job, token });
      try {
        await processDelivery(app, job, token, DelayedError, running);
      } catch (error) {
        if (!handedBack.has(job.data.id)) throw error;
      } finally {
        jobs.delete(job.data.id);
      }
      // Back in the queue already: neither completed nor failed (BullMQ leaves a WaitingError's job as it is).
      if (handedBack.delete(job.data.id)) throw new WaitingError();
    },
    {
      connection: bullConnection(redis.connection.config, "worker"),
      prefix: queuePrefixOf(redis.connection.keyPrefix),
      concurrency,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      // A delivery whose worker died twice is still run a third time.
      maxStalledCount: 2,
      skipVersionCheck: true,
    },
  );
  let lastErrorLog = 0;
  worker.on("error", (error) => {
    // The lock of a job handed back cannot be renewed: expected, not an outage.
    if (closingDown) return;
    // Repeated while Redis is away; BullMQ reconnects by itself.
    if (Date.now() - lastErrorLog < ERROR_LOG_INTERVAL_MS) return;
    lastErrorLog = Date.now();
    log.warn(`The delivery worker cannot reach Redis (${error.message}); it goes on once Redis answers.`);
  });
  worker.on("failed", (job, error) => {
    if (!job || error.name === "DelayedError") return;
    const attempts = job.opts.attempts ?? 1;
    const fields = { id: job.data.id, event: job.data.name, attempt: job.attemptsMade, attempts };
    if (job.attemptsMade < attempts) {
      log.warn(
        fields,
        `Delivery ${job.data.id} failed (attempt ${job.attemptsMade} of ${attempts}); it will be retried: ${error.message}`,
      );
    } else {
      log.error(
        fields,
        `Delivery ${job.data.id} failed ${attempts} times; it stays in the failed set (app deliveries failed): ${error.message}`,
      );
    }
  });
  log.info(`Running queued deliveries, ${concurrency} at a time.`);

  /** At a stop's deadline: the job goes back to the queue's waiting list, at its head, with no attempt counted. */
  const handOver = async (delivery: InFlightDelivery): Promise<boolean> => {
    const entry = jobs.get(delivery.id);
    if (!entry?.token) return false;
    // Set before Redis answers: whatever the handler does next, the job is not completed or failed here.
    handedBack.add(delivery.id);
    const moved = entry.job.moveToWait(entry.token).then(
      () => true,
      () => false,
    );
    // A Redis that does not answer: the job stays locked, and runs again once the lock expires.
    if (!(await settlesWithin(moved, REDIS_STOP_STEP_MS))) {
      log.warn(
        `Redis did not answer within ${REDIS_STOP_STEP_MS} ms to take delivery ${delivery.id} back; it runs again once its lock expires (at most ${lockMs} ms after the last renewal, then the stalled check).`,
      );
      return true;
    }
    if (await moved) return true;
    handedBack.delete(delivery.id);
    return false;
  };

  let closing: Promise<void> | undefined;
  return {
    running: () => running.count,
    close({ graceMs = 10_000 } = {}) {
      return (closing ??= (async () => {
        if (running.count > 0)
          log.info(`Waiting up to ${graceMs} ms for ${running.count} running deliveries; taking no new ones.`);
        const deadline = Date.now() + graceMs;
        const closed = worker.close().then(
          () => true,
          () => true,
        );
        let wait = ABORTED_WAIT_MS;
        if (await running.idle(graceMs)) {
          wait = Math.max(wait, deadline - Date.now());
        } else {
          closingDown = true;
          const left = running.running();
          log.warn(
            `Stopping with ${left.length} deliveries still running after ${graceMs} ms; handing them back to the queue.`,
          );
          await abandonDeliveries(left, { log, graceMs, handOver });
        }
        // Aborted handlers usually end at once; one that ignores its signal (or a Redis that does not answer) is not waited for.
        if (await settlesWithin(closed, wait)) return;
        if (!(await settlesWithin(worker.disconnect(), REDIS_STOP_STEP_MS))) {
          log.warn(
            `Gave up waiting on Redis: the delivery worker did not disconnect within ${REDIS_STOP_STEP_MS} ms; stopping without it.`,
          );
        }
      })());
    },
  };
}

/** How long a stop waits for aborted handlers to return before it disconnects the worker. */
const ABORTED_WAIT_MS = 1000;
/** How long a stop waits for Redis at each step (a hand-back, the disconnection) before it goes on without it. */
const REDIS_STOP_STEP_MS = 1000;
