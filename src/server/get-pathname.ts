/** Cheaper than `new URL()`, which matters on the webhook hot path. */
export function getPathname(url: string): string {
  let start = 0;
  if (url.charCodeAt(0) !== 47 /* "/" */) {
    const scheme = url.indexOf("://");
    start = scheme === -1 ? 0 : url.indexOf("/", scheme + 3);
    if (start === -1) return "/";
  }
  let end = url.length;
  for (let index = start; index < url.length; index++) {
    const code = url.charCodeAt(index);
    if (code === 63 /* "?" */ || code === 35 /* "#" */) {
      end = index;
      break;
    }
  }
  return start === 0 && end === url.length ? url : url.slice(start, end);
}

/**
 * Whether `path` is the webhook path: itself, or with one trailing slash (`/api/github/webhooks/`, as an
 * app's webhook URL is often pasted), which Probot 14 takes too. `webhookPath` is resolved without one.
 */
export function isWebhookPath(path: string, webhookPath: string): boolean {
  return (
    path === webhookPath ||
    (webhookPath !== "/" && path.length === webhookPath.length + 1 && path === `${webhookPath}/`)
  );
}

/** The paths a router registers for the webhook path: it, and it with a trailing slash. */
export function webhookPathVariants(webhookPath: string): string[] {
  return webhookPath === "/" ? ["/"] : [webhookPath, `${webhookPath}/`];
}
