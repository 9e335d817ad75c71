import type { RedisSharing, RedisSharingOptions } from "./redis/create-redis-sharing.js";

// The App does not import the Redis code: what instances share (tokens,
// throttling, delivery claims) comes in through this interface. createApp()
// supplies it; so does the package, for `new App({ redisConfig })` as Probot
// apps write it, once the package root (or create-app.js) is loaded.

/** Builds what instances share through Redis, when `redisConfig` is set. */
export type CreateSharing = (options: RedisSharingOptions) => RedisSharing;

let fallback: CreateSharing | undefined;

/**
 * Sets the `CreateSharing` an App uses when it gets `redisConfig` without one
 * (create-app.ts sets `createRedisSharing`).
 *
 * @example
 * provideSharing(createRedisSharing);
 */
export function provideSharing(createSharing: CreateSharing): void {
  fallback ??= createSharing;
}

/**
 * The App's sharing: from `createSharing`, else from the one the package
 * provides; undefined without `redisConfig`.
 *
 * @example
 * const sharing = openSharing(options.redisConfig, options.createSharing, { appId: 1, log });
 */
export function openSharing(
  config: RedisSharingOptions["config"] | undefined,
  createSharing: CreateSharing | undefined,
  options: Omit<RedisSharingOptions, "config">,
): RedisSharing | undefined {
  if (!config) return undefined;
  const create = createSharing ?? fallback;
  if (!create) {
    throw new Error("redisConfig is set but no Redis sharing is available: create the app with createApp(), or import App from gh-app-kit.");
  }
  return create({ ...options, config });
}
