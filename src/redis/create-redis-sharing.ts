import type { AppSharing, SharingOptions } from "../app-sharing.js";
import { createDeliveryClaims } from "./delivery-claims.js";
import { RedisConnection } from "./redis-connection.js";
import { createSharedThrottle, type SharedThrottle } from "./shared-throttle.js";
import { createSharedTokenCache } from "./shared-token-cache.js";
import { sharingScope } from "./sharing-scope.js";

export type RedisSharingOptions = SharingOptions;

declare module "../app-sharing.js" {
  interface AppSharing {
    /** The one Redis connection every shared part uses. */
    connection: RedisConnection;
  }
}

/** Everything instances share through Redis: one connection, tokens, throttling, deliveries. */
export type RedisSharing = AppSharing & { throttle: SharedThrottle };

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
    async close() {
      await throttle.close();
      await connection.close();
    },
  };
}
