import * as Flags from "@oclif/core/flags";
import { AppError } from "../errors.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";
import { loadSettings } from "../run/open-host.js";
import { hostOverrides } from "./host-overrides.js";

/** Where `app deliveries` finds the queue: the same variables as `app run`. */
export const queueLocationFlags = {
  // A flag with a short form first: oclif's help loses the indent of the first row of a section.
  "app-id": Flags.integer({
    char: "a",
    min: 1,
    env: ENV_BINDINGS.appId.variable,
    summary: "ID of the GitHub App whose queue to read (each app has its own).",
    helpValue: "ID",
  }),
  "redis-url": Flags.string({
    env: ENV_BINDINGS.redisConfig.variable,
    summary: "Redis of the delivery queue, as given to app run (redis://host:6379).",
    helpValue: "URL",
  }),
  "base-url": Flags.url({
    summary:
      "API base URL of the app's platform, as given to app run (default from GHE_HOST, else github.com): each platform has its own queue.",
    helpValue: "URL",
  }),
};

/** The Redis of the queue, or a usage error naming REDIS_URL (as `app worker` and `app run --queue redis` do). */
export function requireRedisUrl(value: string | undefined, command: string): string {
  if (value) return value;
  throw new AppError(
    "OPTION_INVALID",
    `${command} reads the delivery queue, which lives in Redis: REDIS_URL is not set.`,
    {
      hint: "Set REDIS_URL (or pass --redis-url) to the Redis the app's instances use in queue mode, e.g. redis://127.0.0.1:6379.",
    },
  );
}

/** Where `app deliveries` finds the queue of an app: its Redis, app id and platform. */
export type QueueLocation = { redisConfig: string; appId: number | string; baseUrl: string | undefined };

/**
 * The queue's location as `app run` finds it: the flags, else the variables,
 * else `.env` (through the commands' prologue). Without a Redis, a usage error naming REDIS_URL.
 *
 * @example
 * const failed = await openFailedDeliveries(await queueLocation(flags, "app deliveries failed"));
 */
export async function queueLocation(
  flags: { "redis-url"?: string | undefined; "app-id"?: number | undefined; "base-url"?: URL | undefined },
  command: string,
): Promise<QueueLocation> {
  const { options } = (await loadSettings({ overrides: hostOverrides(flags), credentials: "optional" })).settings;
  // Several registrations (APP_REGISTRATIONS) share the first one's queue.
  const first = options.registrations?.[0];
  return {
    redisConfig: requireRedisUrl(typeof options.redisConfig === "string" ? options.redisConfig : undefined, command),
    appId: options.appId ?? first?.appId ?? "token",
    baseUrl: options.baseUrl ?? first?.baseUrl,
  };
}
