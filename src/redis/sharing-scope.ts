const DEFAULT_BASE_URL = "https://api.github.com";

/**
 * What every shared key is scoped to: the platform (its API base URL,
 * without the protocol) and the app id. The same app id on github.com and
 * on an Enterprise server, or on two Enterprise servers, is two apps: their
 * tokens, rate limits, pauses and deliveries must never meet in Redis.
 */
export function sharingScope(appId: number | string, baseUrl: string | undefined): string {
  let platform: string;
  try {
    const url = new URL(baseUrl || DEFAULT_BASE_URL);
    platform = `${url.host}${url.pathname}`.replace(/\/+$/, "").toLowerCase();
  } catch {
    platform = String(baseUrl).toLowerCase();
  }
  return `${platform}:${appId}`;
}
