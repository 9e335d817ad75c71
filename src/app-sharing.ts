import { AppError } from "./errors.js";
import type { RedisSharing, RedisSharingOptions } from "./redis/create-redis-sharing.js";

// The App does not import the Redis code: what instances share (tokens,
// throttling, delivery claims) comes in through this interface. createApp()
// supplies it, and provides it here for `new App({ redisConfig })` as Probot
// apps write it (the package root loads create-app.js).

/** Builds what instances share through Redis, when `redisConfig` is set. */
export type CreateSharing = (options: RedisSharingOptions) => RedisSharing;

let provided: CreateSharing | undefined;

/** For Apps given `redisConfig` without a `CreateSharing`; the first call wins. */
export function provideSharing(createSharing: CreateSharing): void {
  provided ??= createSharing;
}

export function providedSharing(): CreateSharing | undefined {
  return provided;
}

export function openSharing(
  config: RedisSharingOptions["config"] | undefined,
  createSharing: CreateSharing | undefined,
  options: Omit<RedisSharingOptions, "config">,
): RedisSharing | undefined {
  if (!config) return undefined;
  const create = createSharing ?? provided;
  if (!create) {
    throw new AppError("OPTION_INVALID", "redisConfig is set, but nothing supplies the Redis sharing to this App.", {
      hint: 'Create the app with createApp(), or import App from "gh-app-kit" (its root supplies the sharing).',
    });
  }
  return create({ ...options, config });
}
