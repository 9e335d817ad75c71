import type { FakeResponse } from "./types.js";

// The texts GitHub answers with; @octokit/auth-app matches the three JWT
// claim messages to detect clock skew, so they must stay word for word.
export const JWT_UNDECODABLE = "A JSON web token could not be decoded";
export const JWT_IAT_INVALID =
  "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued";
export const JWT_EXP_INVALID =
  "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires";
export const JWT_EXP_TOO_FAR = "'Expiration time' claim ('exp') is too far in the future";
export const BAD_CREDENTIALS = "Bad credentials";
export const REQUIRES_AUTHENTICATION = "Requires authentication";
export const NOT_FOUND = "Not Found";

const DOCS = "https://docs.github.com/rest";

/** A GitHub-shaped error answer: `{ message, documentation_url }`. */
export function errorResponse(status: number, message: string, headers?: Record<string, string>): FakeResponse {
  const body = { message, documentation_url: DOCS, status: String(status) };
  return headers === undefined ? { status, body } : { status, headers, body };
}

/** 403 secondary rate limit, with `retry-after` when given. */
export function secondaryRateLimitResponse(retryAfterSeconds?: number): FakeResponse {
  const headers: Record<string, string> =
    retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) };
  return errorResponse(
    403,
    "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
    headers,
  );
}

/** 403 primary rate limit: remaining 0 until `resetEpochSeconds`. */
export function primaryRateLimitResponse(resetEpochSeconds: number): FakeResponse {
  return errorResponse(403, "API rate limit exceeded for installation ID 1.", {
    "x-ratelimit-limit": "5000",
    "x-ratelimit-remaining": "0",
    "x-ratelimit-used": "5000",
    "x-ratelimit-reset": String(resetEpochSeconds),
    "x-ratelimit-resource": "core",
  });
}

/** A bare 5xx like GitHub's load balancers send (default 502 Bad Gateway). */
export function serverErrorResponse(status = 502): FakeResponse {
  return errorResponse(status, status === 502 ? "Bad Gateway" : "Server Error");
}
