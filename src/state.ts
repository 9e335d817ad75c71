import type { RedisOptions } from "ioredis";
import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import type { Hono } from "hono";
import type { AppClient } from "./client/app-client.js";
import type { TokenCache, TokenStore } from "./client/auth/token-store.js";
import type { ConfigCache } from "./config/config-cache.js";
import type { Logger } from "./log/get-log.js";
import type { AppSharing } from "./app-sharing.js";

/** What an `App` runs on, derived from its `Options`. */
export type State = {
  Client: typeof AppClient;
  appId?: number | undefined;
  baseUrl?: string | undefined;
  cache?: TokenCache | undefined;
  platformToken?: string | undefined;
  host?: string | undefined;
  log: Logger;
  client: AppClient;
  port?: number | undefined;
  privateKey?: string | undefined;
  webhookProxy?: string | undefined;
  webhooks: { path?: string | undefined; secret?: string | undefined };
  /** Earlier shape: the app id, as `appId`. */
  id?: number | undefined;
  /**
   * Earlier shape: the throttle options the app's clients start from (the
   * built-in ones, then the `throttleOptions` option, then Redis sharing's).
   */
  throttleOptions: ThrottlingOptions;
  /** The deprecated `router` option: a server mounts its routes at the root. */
  router?: Hono | undefined;
  redisConfig?: RedisOptions | string | undefined;
  /** What instances share through Redis, when `redisConfig` is set. */
  redis?: AppSharing | undefined;
  /** Mints and caches the app's JWT and installation tokens (with app credentials only). */
  tokens?: TokenStore | undefined;
  /** Config files read by the app's clients, with ETags (see docs/config.md). */
  configCache?: ConfigCache | undefined;
};
