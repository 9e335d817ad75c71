import { AppError } from "../errors.js";
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
  const mode = overrides.queue ?? (env.DELIVERY_QUEUE || undefined);
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
    concurrency: overrides.workerConcurrency ?? whole(env, "WORKER_CONCURRENCY", DEFAULT_WORKER_CONCURRENCY),
    attempts: overrides.deliveryAttempts ?? whole(env, "DELIVERY_ATTEMPTS", DEFAULT_DELIVERY_ATTEMPTS),
    backoffMs: whole(env, "DELIVERY_BACKOFF_MS", DEFAULT_BACKOFF_MS),
    lockMs: whole(env, "DELIVERY_LOCK_MS", DEFAULT_LOCK_MS),
  };
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) {
    throw new AppError("OPTION_INVALID", `${name} must be a whole number of at least 1, got "${value}".`);
  }
  return number;
}
