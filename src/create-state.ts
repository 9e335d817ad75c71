import type { AppPluginAdditions } from "./app-plugin.js";
import type { AppClient } from "./client/app-client.js";
import { appClientNow } from "./client/client-loader.js";
import { createTokenCache, TokenStore } from "./client/auth/token-store.js";
import { createClient } from "./client/get-authenticated-client.js";
import { createConfigCache } from "./config/config-cache.js";
import { AppError } from "./errors.js";
import { defineLazyProperty } from "./helpers/define-lazy-property.js";
import type { Logger } from "./log/get-log.js";
import type { ResolvedOptions } from "./resolve-options.js";
import type { AppOptions } from "./options/app-options.js";
import type { State } from "./state.js";

/**
 * An App's `state`: its credentials and settings; the caches and clients are
 * built on first use. What the App's plugins add (`plugged`) is known once
 * they ran: `attachAdditions` then gives the state its sharing and token store.
 */
export function createState(
  options: AppOptions,
  resolved: ResolvedOptions,
  log: Logger,
  plugged: () => AppPluginAdditions,
): State {
  const cache = options.cache ?? (hasAppCredentials(options, resolved) ? createTokenCache() : undefined);
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
    redis: undefined,
    tokens: undefined,
  };
  if (!cache) defineLazyProperty(state, "cache", () => createTokenCache());
  defineLazyProperty(state, "configCache", () => createConfigCache());
  defineLazyProperty(state, "Client", () => {
    const base = resolved.Client?.() ?? appClientNow();
    const Client = options.request ? base.defaults({ request: options.request }) : base;
    const shared = state.redis ? Client.defaults({ throttle: state.redis.throttle.options as never }) : Client;
    const { wrapClient } = plugged();
    return wrapClient ? wrapClient(shared) : shared;
  });
  defineLazyProperty(state, "client", () => options.client ?? createClient(state));
  defineLazyProperty(state, "throttleOptions", () => resolved.throttleInUse(state.redis?.throttle.options));
  return state;
}

/** The plugins' sharing, then the token store, which shares through it and runs their exchange hooks. */
export function attachAdditions(
  state: State,
  options: AppOptions,
  resolved: ResolvedOptions,
  additions: AppPluginAdditions,
): void {
  if (options.redisConfig && !additions.sharing) {
    throw new AppError("OPTION_INVALID", "redisConfig is set, but no plugin of this App supplies the Redis sharing.", {
      hint: 'Create the app with createApp(), or import App from "gh-app-kit" (its App brings the sharing plugin).',
    });
  }
  state.redis = additions.sharing;
  if (!hasAppCredentials(options, resolved)) return;
  state.tokens = new TokenStore({
    appId: resolved.appId!,
    appIdProblem: resolved.appIdProblem,
    privateKey: resolved.privateKey!,
    cache: state.cache!,
    log: state.log,
    baseUrl: options.baseUrl,
    fetch: options.request?.fetch as typeof fetch | undefined,
    shared: state.redis?.tokens,
    hooks: additions.tokenExchange,
  });
}

/** With a platform token, events use it and the app credentials are neither checked nor used, as in Probot. */
function hasAppCredentials(options: AppOptions, resolved: ResolvedOptions): boolean {
  return !options.platformToken && resolved.appId !== undefined && Boolean(resolved.privateKey);
}
