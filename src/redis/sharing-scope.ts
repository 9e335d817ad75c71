import { GITHUB_API_URL } from "../options/platform-urls.js";

/** The same app id on two platforms is two apps: their tokens and deliveries must never meet in Redis. */
export function sharingScope(appId: number | string, baseUrl: string | undefined): string {
  let platform: string;
  try {
    const url = new URL(baseUrl || GITHUB_API_URL);
    platform = `${url.host}${url.pathname}`.replace(/\/+$/, "").toLowerCase();
  } catch {
    platform = String(baseUrl).toLowerCase();
  }
  return `${platform}:${appId}`;
}
