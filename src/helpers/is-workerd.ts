/** Cloudflare Workers (workerd) say so in `navigator.userAgent`. */
export function isWorkerd(): boolean {
  return (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent === "Cloudflare-Workers";
}
