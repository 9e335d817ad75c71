import type { Octokit } from "@octokit/core";
import type { EndpointDefaults } from "@octokit/types";
import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import type { RetryOptions } from "@octokit/plugin-retry";
import { VERSION } from "../version.js";
import { createAppAuthStrategy } from "./auth/auth-strategy.js";
import { isCredentialsAuth } from "./auth/credentials-auth.js";
import { interceptableFetch } from "./interceptable-fetch.js";
import { requestScopedThrottle } from "./request-scoped-throttle.js";

/** How many times a request is retried after the primary rate limit resets. */
export const PRIMARY_RATE_LIMIT_RETRIES = 2;
/** How many times a request is retried after a secondary rate limit. */
export const SECONDARY_RATE_LIMIT_RETRIES = 2;

type LimitedRequest = Required<EndpointDefaults>;

/** The hourly quota is used up: wait for the announced reset, then retry. */
export function onRateLimit(
  retryAfter: number,
  options: LimitedRequest,
  octokit: Octokit,
  retryCount: number,
): boolean {
  const retry = retryCount < PRIMARY_RATE_LIMIT_RETRIES;
  octokit.log.warn(
    `Rate limit reached for ${options.method} ${options.url}; ` +
      (retry
        ? `retrying after the reset in ${retryAfter}s (retry ${retryCount + 1} of ${PRIMARY_RATE_LIMIT_RETRIES})`
        : "giving up after the retries"),
  );
  return retry;
}

/** Too many requests too fast: wait for `retry-after` (the plugin falls back to 60 s). */
export function onSecondaryRateLimit(
  retryAfter: number,
  options: LimitedRequest,
  octokit: Octokit,
  retryCount: number,
): boolean {
  const retry = retryCount < SECONDARY_RATE_LIMIT_RETRIES;
  octokit.log.warn(
    `Secondary rate limit reached for ${options.method} ${options.url}; ` +
      (retry
        ? `retrying in ${retryAfter}s (retry ${retryCount + 1} of ${SECONDARY_RATE_LIMIT_RETRIES})`
        : "giving up after the retries"),
  );
  return retry;
}

export type ClientDefaults = {
  userAgent: string;
  throttle: ThrottlingOptions;
  retry: RetryOptions;
};

/** The built-in options every `AppClient` starts from. */
export const CLIENT_DEFAULTS = {
  userAgent: `gh-app-kit/${VERSION}`,
  throttle: {
    onRateLimit,
    onSecondaryRateLimit,
    fallbackSecondaryRateRetryAfter: 60,
  },
  // 5xx and network errors: GET, HEAD, OPTIONS, PUT, DELETE and GraphQL
  // queries are retried (3 times, after 1, 4 and 9 s); POST and PATCH are not,
  // so a comment is never posted twice. See plugins/idempotent-retries.ts.
  retry: { retryNonIdempotent: false },
} satisfies ClientDefaults;

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
