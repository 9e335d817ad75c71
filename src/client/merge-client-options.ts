import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import type { RetryOptions } from "@octokit/plugin-retry";
import { createAppAuthStrategy } from "./auth/auth-strategy.js";
import { isCredentialsAuth } from "./auth/credentials-auth.js";
import { CLIENT_DEFAULTS, type ClientDefaults } from "./defaults.js";
import { interceptableFetch } from "./interceptable-fetch.js";
import { requestScopedThrottle } from "./request-scoped-throttle.js";

// Apart from defaults.ts, which the App loads at once: these load with the client (and Bottleneck with them).

type MergeableOptions = {
  throttle?: Partial<ThrottlingOptions> | undefined;
  request?: unknown;
  retry?: RetryOptions | undefined;
  [key: string]: unknown;
};

/** `throttle` and `retry` are merged key by key, not replaced. */
export function mergeClientOptions<T extends MergeableOptions>(options: T): T & ClientDefaults {
  return {
    ...CLIENT_DEFAULTS,
    // `auth: { appId, privateKey }` without a strategy authenticates as the app, as with Probot's client.
    ...(options.authStrategy === undefined && isCredentialsAuth(options.auth)
      ? { authStrategy: createAppAuthStrategy }
      : {}),
    ...options,
    userAgent: options.userAgent
      ? `${String(options.userAgent)} ${CLIENT_DEFAULTS.userAgent}`
      : CLIENT_DEFAULTS.userAgent,
    throttle: {
      ...CLIENT_DEFAULTS.throttle,
      ...requestScopedThrottle(options.throttle),
      ...options.throttle,
    } as ThrottlingOptions,
    retry: { ...CLIENT_DEFAULTS.retry, ...options.retry },
    // A fetch given by the app wins; ours is the global one, or node:http under nock 13.
    request: { fetch: interceptableFetch, ...(options.request as object | undefined) },
  };
}

/** Like Octokit's own layering, but `throttle` and `retry` are merged key by key. */
export function layerClientOptions(defaults: MergeableOptions, options: MergeableOptions): MergeableOptions {
  const layered: MergeableOptions = { ...defaults, ...options };
  if (defaults.userAgent && options.userAgent)
    layered.userAgent = `${String(options.userAgent)} ${String(defaults.userAgent)}`;
  if (defaults.throttle || options.throttle) layered.throttle = { ...defaults.throttle, ...options.throttle };
  if (defaults.retry || options.retry) layered.retry = { ...defaults.retry, ...options.retry };
  return layered;
}
