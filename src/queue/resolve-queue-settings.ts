import { AppError } from "../errors.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";
import {
  DEFAULT_BACKOFF_MS,
  DEFAULT_DELIVERY_ATTEMPTS,
  DEFAULT_LOCK_MS,
  DEFAULT_WORKER_CONCURRENCY,
} from "./queue-defaults.js";

/** What the command line says about queue mode (each wins over its variable). */
export type QueueOverrides = {
  /** `--queue`: "redis" turns queue mode on (`DELIVERY_QUEUE`). */
  queue?: string | undefined;
  /** `--no-worker` gives false: serve HTTP only. Default: true. */
  worker?: boolean | undefined;
  /** `--worker-concurrency` (`WORKER_CONCURRENCY`). */
  workerConcurrency?: number | undefined;
  /** `--delivery-attempts` (`DELIVERY_ATTEMPTS`). */
  deliveryAttempts?: number | undefined;
};

export type QueueSettings = {
  worker: boolean;
  concurrency: number;
  attempts: number;
  backoffMs: number;
  lockMs: number;
};

/** See docs/queue.md. */
export function resolveQueueSettings({
  env,
  overrides = {},
  redisConfig,
  required = false,
}: {
  env: NodeJS.ProcessEnv;
  overrides?: QueueOverrides | undefined;
  redisConfig: unknown;
  /** `app worker` and `app deliveries`: queue mode whatever DELIVERY_QUEUE says. */
  required?: boolean | undefined;
}): QueueSettings | undefined {
  const mode = overrides.queue ?? ENV_BINDINGS.deliveryQueue.read(env);
  if (mode !== undefined && mode !== "redis" && mode !== "none") {
    throw new AppError("OPTION_INVALID", `DELIVERY_QUEUE (--queue) must be "redis", got "${mode}".`, {
      hint: "Set DELIVERY_QUEUE=redis (with REDIS_URL) to queue deliveries, or leave it unset.",
    });
  }
  if (!required && mode !== "redis") return undefined;
  if (!redisConfig) {
    throw new AppError("OPTION_INVALID", "Queue mode needs REDIS_URL: the queue lives in Redis.", {
      hint: "Set REDIS_URL (or --redis-url), e.g. redis://127.0.0.1:6379.",
    });
  }
  return {
    worker: overrides.worker ?? true,
    concurrency: overrides.workerConcurrency ?? ENV_BINDINGS.workerConcurrency.read(env) ?? DEFAULT_WORKER_CONCURRENCY,
    attempts: overrides.deliveryAttempts ?? ENV_BINDINGS.deliveryAttempts.read(env) ?? DEFAULT_DELIVERY_ATTEMPTS,
    backoffMs: ENV_BINDINGS.deliveryBackoffMs.read(env) ?? DEFAULT_BACKOFF_MS,
    lockMs: ENV_BINDINGS.deliveryLockMs.read(env) ?? DEFAULT_LOCK_MS,
  };
}
