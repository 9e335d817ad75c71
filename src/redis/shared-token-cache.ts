import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { MintedToken, SharedTokens } from "../client/auth/token-store.js";
import type { RedisConnection } from "./redis-connection.js";

export type SharedTokenCacheOptions = {
  connection: RedisConnection;
  /** The app id, or the platform and app id (`sharingScope`): what the keys are scoped to. */
  appId: number | string;
  /** How long one instance may hold the right to mint before others mint too. */
  lockMs?: number | undefined;
  /** How often waiting instances look for the token the lock holder minted. */
  pollMs?: number | undefined;
};

// Deletes the lock only if this instance still holds it.
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;
const DELETE_IF = RELEASE;

class MintError extends Error {
  constructor(readonly original: unknown) {
    super("mint failed");
  }
}

/** One instance exchanges, the others wait for its token; a Redis failure falls back to minting locally. */
export function createSharedTokenCache({
  connection,
  appId,
  lockMs = 10_000,
  pollMs = 50,
}: SharedTokenCacheOptions): SharedTokens {
  const tokenKey = (id: number) => `${connection.keyPrefix}token:${appId}:${id}`;
  const lockKey = (id: number) => `${connection.keyPrefix}token-lock:${appId}:${id}`;

  async function read(redis: Redis, id: number): Promise<MintedToken | undefined> {
    const results = await redis.pipeline().get(tokenKey(id)).pttl(tokenKey(id)).exec();
    const token = results?.[0]?.[1];
    const ttlMs = Number(results?.[1]?.[1]);
    return typeof token === "string" && ttlMs > 0 ? { token, ttlMs } : undefined;
  }

  async function viaRedis(id: number, mint: () => Promise<MintedToken>): Promise<MintedToken> {
    const redis = await connection.client();
    const found = await read(redis, id);
    if (found) return found;
    const owner = randomUUID();
    const deadline = Date.now() + lockMs;
    for (;;) {
      if ((await redis.set(lockKey(id), owner, "PX", lockMs, "NX")) === "OK") {
        try {
          // Another instance may have minted, stored and released between our read and our lock.
          const stored = await read(redis, id);
          if (stored) return stored;
          const minted = await mint().catch((error: unknown) => Promise.reject(new MintError(error)));
          await redis.set(tokenKey(id), minted.token, "PX", minted.ttlMs).catch(() => undefined);
          return minted;
        } finally {
          await redis.eval(RELEASE, 1, lockKey(id), owner).catch(() => undefined);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      const minted = await read(redis, id);
      if (minted) return minted;
      if (Date.now() > deadline) return mint().catch((error: unknown) => Promise.reject(new MintError(error)));
    }
  }

  return {
    async singleFlight(id, mint) {
      if (!connection.up) return mint();
      try {
        return await viaRedis(id, mint);
      } catch (error) {
        if (error instanceof MintError) throw error.original;
        connection.reportFailure(error);
        return mint(); // Redis failed: this instance mints on its own
      }
    },
    async delete(id, token) {
      if (!connection.up) return;
      const redis = await connection.client();
      await redis.eval(DELETE_IF, 1, tokenKey(id), token).catch(() => undefined);
    },
  };
}
