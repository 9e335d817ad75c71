type PlatformError = {
  status?: unknown;
  message?: unknown;
  response?: { headers?: Record<string, unknown> } | undefined;
};

/** Without `retry-after`, the platform's docs say to wait at least a minute after a secondary limit. */
const SECONDARY_FALLBACK_MS = 60_000;

/** https://docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api */
export function rateLimitDelay(error: unknown, now = Date.now()): number | undefined {
  const errors = error instanceof AggregateError ? (error.errors as unknown[]) : [error];
  let longest: number | undefined;
  for (const each of errors) {
    const delay = delayOf(each as PlatformError, now);
    if (delay !== undefined && (longest === undefined || delay > longest)) longest = delay;
  }
  return longest;
}

function delayOf(error: PlatformError | null | undefined, now: number): number | undefined {
  if (!error || (error.status !== 403 && error.status !== 429)) return undefined;
  const headers = error.response?.headers ?? {};
  const retryAfter = Number(headers["retry-after"]);
  if (headers["retry-after"] !== undefined && Number.isFinite(retryAfter)) return Math.max(0, retryAfter * 1000);
  if (String(headers["x-ratelimit-remaining"]) === "0") {
    const reset = Number(headers["x-ratelimit-reset"]) * 1000;
    return Number.isFinite(reset) ? Math.max(1000, reset - now) : SECONDARY_FALLBACK_MS;
  }
  if (/\bsecondary rate\b/i.test(String(error.message))) return SECONDARY_FALLBACK_MS;
  return undefined;
}
