import { AppError } from "../../errors.js";

/**
 * The token and when it expires, from an exchange's answer. A proxy or a broken
 * platform may answer `200 {}`: what holds no token, or one already expired, is
 * refused (and so never cached) rather than sent as `token undefined`.
 */
export function readExchangeAnswer(
  data: unknown,
  platformNow: number,
  installationId: number,
  lifetimeMs: number,
): { token: string; expires: number } {
  const { token, expires_at: expiresAt } = (typeof data === "object" && data !== null ? data : {}) as {
    token?: unknown;
    expires_at?: unknown;
  };
  // An answer without expires_at (most test mocks: `{ token: "test" }`) gets
  // the platform's documented lifetime of an installation token, one hour.
  const expires = expiresAt === undefined ? platformNow + lifetimeMs : Date.parse(String(expiresAt));
  const problem =
    typeof token !== "string" || token === ""
      ? 'no "token" in it'
      : (typeof expiresAt !== "string" && expiresAt !== undefined) || Number.isNaN(expires)
        ? '"expires_at" is not a date'
        : expires <= platformNow
          ? '"expires_at" has passed'
          : undefined;
  if (problem === undefined) return { token: token as string, expires };
  throw new AppError(
    "TOKEN_EXCHANGE_FAILED",
    `The token exchange for installation ${installationId} was answered with no usable token (${problem}).`,
    {
      hint: "Something between this app and the platform (a proxy, a captive portal) may have answered instead; check HTTPS_PROXY and the base URL.",
    },
  );
}
