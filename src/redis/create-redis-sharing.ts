import { sharingPlugin } from "../app-plugin.js";
import type { AppSharing, SharingOptions } from "../app-sharing.js";
import { createDeliveryClaims, createStoreMarks } from "./delivery-claims.js";
import { RedisConnection } from "./redis-connection.js";
import { createSharedThrottle, type SharedThrottle } from "./shared-throttle.js";
import { createSharedTokenCache } from "./shared-token-cache.js";
import { sharingScope } from "./sharing-scope.js";

export type RedisSharingOptions = SharingOptions;

/** Everything instances share through Redis: one connection, tokens, throttling, deliveries. */
export type RedisSharing = AppSharing & { connection: RedisConnection; throttle: SharedThrottle };

/**
 * The Redis sharing plugin: an App given `redisConfig` shares tokens,
 * throttling and delivery claims through it, scoped to its app id and
 * platform. Without `redisConfig` it adds nothing (and loads no Redis client).
 *
 * @example
 * const app = new (App.plugin(redisSharing))({ appId, privateKey, redisConfig: "redis://127.0.0.1:6379" });
 */
export const redisSharing = sharingPlugin(createRedisSharing);

/** Connects in the background: the app serves on local state until Redis answers. */
export function createRedisSharing({
  config,
  appId,
  baseUrl,
  log,
  keyPrefix,
  msPerSecond,
}: RedisSharingOptions): RedisSharing {
  const connection = new RedisConnection({ config, log, keyPrefix });
  void connection.client();
  const scope = sharingScope(appId, baseUrl);
  const throttle = createSharedThrottle(connection, scope, { msPerSecond });
  return {
    connection,
    tokens: typeof appId === "number" ? createSharedTokenCache({ connection, appId: scope }) : undefined,
    throttle,
    deliveries: createDeliveryClaims({ connection, appId: scope }),
    storeMarks: createStoreMarks({ connection, appId: scope }),
    async close() {
      await throttle.close();
      await connection.close();
    },
  };
}
