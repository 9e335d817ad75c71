import { expect } from "chai";
import { Redis } from "ioredis";
import type { RedisConnection } from "../../src/redis/redis-connection.js";
import { createSharedTokenCache } from "../../src/redis/shared-token-cache.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";

/**
 * A connection to the real Redis whose client runs `beforeLock()` before it
 * sends the lock's SET NX: the moment another instance could finish a whole
 * exchange in.
 */
function connectionTo(redis: Redis, beforeLock: () => Promise<void> = async () => undefined): RedisConnection {
  const client = new Proxy(redis, {
    get(target, property, receiver) {
      if (property !== "set") return Reflect.get(target, property, receiver);
      return async (...args: unknown[]) => {
        if (args.includes("NX")) await beforeLock();
        return (target.set as (...a: unknown[]) => Promise<unknown>)(...args);
      };
    },
  });
  return {
    up: true,
    keyPrefix: "test:",
    client: async () => client,
    reportFailure: () => undefined,
  } as unknown as RedisConnection;
}

describe("shared installation tokens: the cross-process single flight", () => {
  let server: RedisServer;
  let redis: Redis;

  before(async () => {
    server = await startRedisServer();
    await server.start();
    redis = new Redis(server.url, { lazyConnect: false });
  });
  after(async () => {
    redis.disconnect();
    await server.stop();
  });
  beforeEach(() => server.flush());

  it("does not mint again when another instance minted between its read and its lock", async () => {
    let mints = 0;
    const mint = async () => ({ token: `ghs_token${++mints}`, ttlMs: 60_000 });
    const first = createSharedTokenCache({ connection: connectionTo(redis), appId: 1 });
    // The second instance reads no token, then, before it takes the lock, the first one
    // takes it, mints, stores its token and releases the lock.
    const second = createSharedTokenCache({
      connection: connectionTo(redis, async () => {
        if (mints === 0) await first.singleFlight(7, mint);
      }),
      appId: 1,
    });
    const token = await second.singleFlight(7, mint);
    expect(mints).to.equal(1);
    expect(token.token).to.equal("ghs_token1");
  });

  it("lets one of many concurrent instances mint, and hands its token to the others", async () => {
    let mints = 0;
    const mint = async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { token: `ghs_token${++mints}`, ttlMs: 60_000 };
    };
    const caches = Array.from({ length: 5 }, () =>
      createSharedTokenCache({ connection: connectionTo(redis), appId: 1, pollMs: 5 }),
    );
    const tokens = await Promise.all(caches.map((cache) => cache.singleFlight(8, mint)));
    expect(mints).to.equal(1);
    expect(new Set(tokens.map((token) => token.token))).to.deep.equal(new Set(["ghs_token1"]));
  });
});
