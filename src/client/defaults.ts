import type { Octokit } from "@octokit/core";
import type { EndpointDefaults } from "@octokit/types";
import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import type { RetryOptions } from "@octokit/plugin-retry";
import { VERSION } from "../version.js";

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
