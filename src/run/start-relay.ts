import type { WebhookProxy, WebhookProxyOptions } from "../proxy/create-webhook-proxy.js";

const PROXY_START_WAIT_MS = 5000;

/**
 * `app run`'s relay from the smee channel to its own webhook route, once it
 * listens. Credentials the relay refuses fail the start (the relay closed);
 * a slow relay only delays it a little. The proxy module loads only when used.
 */
export async function startRelay(options: WebhookProxyOptions): Promise<WebhookProxy> {
  const { createWebhookProxy } = await import("../proxy/create-webhook-proxy.js");
  const proxy = createWebhookProxy(options);
  let wait: NodeJS.Timeout | undefined;
  const slow = new Promise((resolve) => (wait = setTimeout(resolve, PROXY_START_WAIT_MS)));
  try {
    await Promise.race([proxy.ready, slow]).finally(() => clearTimeout(wait));
  } catch (error) {
    await proxy.close();
    throw error;
  }
  return proxy;
}
