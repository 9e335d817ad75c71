import { AppClient } from "./client/app-client.js";
import { createTokenCache, TokenStore } from "./client/auth/token-store.js";
import { createClient } from "./client/get-authenticated-client.js";
import { createConfigCache } from "./config/config-cache.js";
import { defineLazyProperty } from "./helpers/define-lazy-property.js";
import type { Logger } from "./log/get-log.js";
import { openSharing } from "./app-sharing.js";
import type { ResolvedOptions } from "./resolve-options.js";
import type { AppOptions } from "./options/app-options.js";
import type { State } from "./state.js";

/** An App's `state`: its credentials and settings; the caches and clients are built on first use. */
export function createState(options: AppOptions, resolved: ResolvedOptions, log: Logger): State {
  let cache = options.cache;
  const redis = openSharing(options.redisConfig, options.createSharing, {
    appId: resolved.appId ?? "token",
    baseUrl: options.baseUrl,
    log,
  });
  // With a platform token, events use it and the app credentials are
  // neither checked nor used, as in Probot.
  const tokens =
    !options.platformToken && resolved.appId !== undefined && resolved.privateKey
      ? new TokenStore({
          appId: resolved.appId,
          privateKey: resolved.privateKey,
          cache: (cache ??= createTokenCache()),
          log,
          baseUrl: options.baseUrl,
          shared: redis?.tokens,
        })
      : undefined;
  const state: State = {
    Client: undefined as unknown as typeof AppClient,
    appId: resolved.appId,
    id: resolved.appId,
    baseUrl: options.baseUrl,
    cache: cache as State["cache"],
    platformToken: options.platformToken,
    host: options.host,
    log,
    client: undefined as unknown as AppClient,
    port: options.port,
    privateKey: resolved.privateKey,
    webhookProxy: options.webhookProxy,
    webhooks: { path: options.webhookPath, secret: options.secret },
    throttleOptions: undefined as unknown as State["throttleOptions"],
    router: options.router,
    redisConfig: options.redisConfig,
    redis,
    tokens,
  };
  if (!cache) defineLazyProperty(state, "cache", () => createTokenCache());
  defineLazyProperty(state, "configCache", () => createConfigCache());
  defineLazyProperty(state, "Client", () => {
    const Client = resolved.Client ?? AppClient;
    return redis ? Client.defaults({ throttle: redis.throttle.options as never }) : Client;
  });
  defineLazyProperty(state, "client", () => options.client ?? createClient(state));
  defineLazyProperty(state, "throttleOptions", () => resolved.throttleInUse(redis?.throttle.options));
  return state;
}
