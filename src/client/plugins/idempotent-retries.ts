import type { Octokit, OctokitOptions } from "@octokit/core";
import type { EndpointDefaults } from "@octokit/types";
import { VERSION } from "../../version.js";

declare module "@octokit/plugin-retry" {
  interface RetryOptions {
    /**
     * Also retry POST and PATCH (and GraphQL mutations) after a 5xx or a
     * network error. Off by default: the platform may have done the work
     * before it failed, and a retry would do it twice (two comments).
     */
    retryNonIdempotent?: boolean;
  }
}

/** Methods a retry cannot turn into a second, different change (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

type RequestOptions = EndpointDefaults & { query?: unknown; request?: { retries?: number } };

/**
 * `@octokit/plugin-retry` retries every method; a retried POST may do the work
 * twice. Rate-limit retries are not affected: a rate-limited request did nothing.
 */
export function idempotentRetries(octokit: Octokit, options: OctokitOptions = {}): void {
  if (options.retry?.retryNonIdempotent === true) return;
  octokit.hook.before("request", (request: RequestOptions) => {
    if (request.request?.retries != null || isIdempotent(request)) return;
    // A copy: `request.request` may be the client's defaults, shared by every request.
    request.request = { ...request.request, retries: 0 };
  });
}
idempotentRetries.VERSION = VERSION;

function isIdempotent({ method, url, query }: RequestOptions): boolean {
  if (IDEMPOTENT.has(method)) return true;
  // A GraphQL query reads, a mutation writes; both are POSTs.
  return url === "/graphql" && typeof query === "string" && !/\bmutation\b/.test(query);
}
