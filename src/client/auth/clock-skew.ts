const CLOCK_SKEW_MESSAGES = [
  /'Expiration time' claim \('exp'\) is too far in the future/,
  /'Expiration time' claim \('exp'\) must be a numeric value representing the future time/,
  /'Issued at' claim \('iat'\) must be an Integer representing the time that the assertion was issued/,
];

type MaybeRequestError = {
  status?: unknown;
  message?: unknown;
  response?: { headers?: Record<string, unknown>; data?: unknown };
};

export function isClockSkewError(error: unknown): boolean {
  const { status, message, response } = (error ?? {}) as MaybeRequestError;
  if (status !== 401) return false;
  const data = response?.data as { message?: unknown } | undefined;
  const text = `${String(message)} ${typeof data?.message === "string" ? data.message : ""}`;
  return CLOCK_SKEW_MESSAGES.some((pattern) => pattern.test(text));
}

/** Seconds the platform's clock is ahead of ours, from its `Date` header. */
export function clockSkewFrom(error: unknown, now = Date.now()): number | undefined {
  const date = (error as MaybeRequestError)?.response?.headers?.date;
  if (typeof date !== "string") return undefined;
  const platformNow = Date.parse(date);
  return Number.isNaN(platformNow) ? undefined : Math.round((platformNow - now) / 1000);
}
