import type { RedisOptions } from "ioredis";
import type { SharedTokens } from "./client/auth/token-store.js";

// The App does not import the Redis code: what instances share (tokens,
// throttling, delivery claims) comes in through this interface, from a plugin
// (src/app-plugin.ts). The Redis feature's plugin supplies it when `redisConfig`
// is set; the package root's App and createApp() are made with that plugin.

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
  close(): Promise<void>;
}
