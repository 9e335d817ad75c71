const DEFAULT_BASE_URL = "https://api.github.com";

/** The same app id on two platforms is two apps: their tokens and deliveries must never meet in Redis. */
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
