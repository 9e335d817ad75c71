import type { RedisOptions } from "ioredis";
import type { SharedTokens } from "./client/auth/token-store.js";
import type { OpenDeliveryPort } from "./delivery/delivery-port.js";
import { AppError } from "./errors.js";

// The App does not import the Redis code: what instances share (tokens,
// throttling, delivery claims) comes in through this interface. createApp()
// supplies it, and provides it here for `new App({ redisConfig })` as Probot
// apps write it (the package root loads create-app.js).

export type SharingOptions = {
  config: RedisOptions | string;
  appId: number | string;
  /** The platform's API base URL; every shared key is scoped to it as well as to the app id. */
  baseUrl?: string | undefined;
  log: { info(message: string): unknown; warn(message: string): unknown };
  keyPrefix?: string | undefined;
  /** Milliseconds per second of `retry-after` (tests shrink it). */
  msPerSecond?: number | undefined;
};

export type DeliveryClaim =
  /** Run the handlers, then `release` with their outcome. */
  | { status: "claimed"; release(outcome: "done" | "failed"): Promise<void> }
  /** Another instance already ran it successfully: answer 200, run nothing. */
  | { status: "done" }
  /** Another instance is running it now: answer 202, run nothing. */
  | { status: "running" };

export type DeliveryClaims = { claim(deliveryId: string): Promise<DeliveryClaim> };

/**
 * What instances share, as the App uses it. The Redis feature adds its
 * connection to this interface (src/redis/create-redis-sharing.ts), so the
 * core names none of the feature's types.
 */
export interface AppSharing {
  tokens: SharedTokens | undefined;
  throttle: { options: object };
  deliveries: DeliveryClaims;
  /** Opens a delivery queue on the shared Redis (queue mode), when the sharing's maker supplies one. */
  openQueue?: OpenDeliveryPort | undefined;
  close(): Promise<void>;
}

/** Builds what instances share through Redis, when `redisConfig` is set. */
export type CreateSharing = (options: SharingOptions) => AppSharing;

let provided: CreateSharing | undefined;

/** For Apps given `redisConfig` without a `CreateSharing`; the first call wins. */
export function provideSharing(createSharing: CreateSharing): void {
  provided ??= createSharing;
}

export function providedSharing(): CreateSharing | undefined {
  return provided;
}

export function openSharing(
  config: SharingOptions["config"] | undefined,
  createSharing: CreateSharing | undefined,
  options: Omit<SharingOptions, "config">,
): AppSharing | undefined {
  if (!config) return undefined;
  const create = createSharing ?? provided;
  if (!create) {
    throw new AppError("OPTION_INVALID", "redisConfig is set, but nothing supplies the Redis sharing to this App.", {
      hint: 'Create the app with createApp(), or import App from "gh-app-kit" (its root supplies the sharing).',
    });
  }
  return create({ ...options, config });
}
