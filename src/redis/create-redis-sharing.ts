import type { RedisOptions } from "ioredis";
import type { SharedTokens } from "../client/auth/token-store.js";
import { createDeliveryClaims, type DeliveryClaims } from "./delivery-claims.js";
import { RedisConnection } from "./redis-connection.js";
import { createSharedThrottle, type SharedThrottle } from "./shared-throttle.js";
import { createSharedTokenCache } from "./shared-token-cache.js";
import { sharingScope } from "./sharing-scope.js";
import { registerModule } from "../helpers/lazy-module.js";

export type RedisSharingOptions = {
  config: RedisOptions | string;
  appId: number | string;
  /** The platform's API base URL; every shared key is scoped to it as well as to the app id. */
  baseUrl?: string | undefined;
  log: { info(message: string): unknown; warn(message: string): unknown };
  keyPrefix?: string | undefined;
  /** Milliseconds per second of `retry-after` (tests shrink it). */
  msPerSecond?: number | undefined;
};

/** Everything instances share through Redis: one connection, tokens, throttling, deliveries. */
export type RedisSharing = {
  connection: RedisConnection;
  tokens: SharedTokens | undefined;
  throttle: SharedThrottle;
  deliveries: DeliveryClaims;
  close(): Promise<void>;
};

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

// createApp() loads this module on first use (see load-redis-sharing.ts).
registerModule(import.meta.url, { createRedisSharing });
