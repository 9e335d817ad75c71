import type { Redis, RedisOptions } from "ioredis";
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
 * What a queue marks a delivery it stores with: the claims' own key, so a
 * delivery is stored or run once, by instances with or without a queue.
 */
export type StoreMarks = {
  /** False when the id was stored, run or done before (or is being stored now). */
  reserve(deliveryId: string): Promise<boolean>;
  /** Stored: remembered as long as a claim's outcome. Not awaited; should it fail, the reservation expires. */
  stored(deliveryId: string): void;
  /** Not stored after all: the id is free again. */
  free(deliveryId: string): Promise<void>;
  /**
   * True while the id is only reserved: no instance said it was stored. A reservation whose
   * store failed can outlive its `free()` (Redis frozen: the reservation reached it, the
   * release did not), so a queue checks for the stored delivery before calling it a duplicate.
   */
  isStoring(deliveryId: string): Promise<boolean>;
};

/**
 * The connection instances share through, as other features use it (the
 * queue runs BullMQ on it): the Redis feature's `RedisConnection` is one.
 */
export interface SharedConnection {
  /** The ioredis options or URL it connects with. */
  readonly config: RedisOptions | string;
  /** Every shared key starts with it. */
  readonly keyPrefix: string;
  /** Where it connects, for messages (no password). */
  readonly description: string;
  /** Whether Redis answers now. */
  readonly up: boolean;
  client(): Promise<Redis>;
  /** Resolves true once Redis answers, false when `timeoutMs` passes first. */
  whenUp(timeoutMs: number): Promise<boolean>;
  /** Calls `listener` when Redis stops or starts answering; returns what removes it. */
  onChange(listener: (up: boolean) => void): () => void;
  /** A command failed: a connection error marks it down until Redis answers again. */
  reportFailure(error: unknown): void;
  close(): Promise<void>;
}

/**
 * What instances share, as the App and the other features use it. The Redis
 * feature supplies it (src/redis/create-redis-sharing.ts); the core names
 * none of that feature's types.
 */
export interface AppSharing {
  /** The one connection every shared part uses. */
  connection: SharedConnection;
  tokens: SharedTokens | undefined;
  throttle: { options: object };
  deliveries: DeliveryClaims;
  /** Marks of the deliveries a queue stores, under the key the claims use. */
  storeMarks: StoreMarks;
  close(): Promise<void>;
}
