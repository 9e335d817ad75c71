import type { Logger } from "../log/get-log.js";

/**
 * The answer to a delivery (a POST with `x-github-event`) at a path that is not the webhook path: the
 * platform shows it in the app's recent deliveries, so it says where deliveries go and how to move either
 * end. Logged as a warning once per path, since the platform retries and every delivery would come here.
 */
export function misdirectedDelivery(path: string, webhookPath: string, log: Logger, warned: Set<string>): string {
  const message =
    `No webhook at ${path}: this app takes deliveries at POST ${webhookPath}. ` +
    `Set the app's webhook URL to end in ${webhookPath}, or set webhookPath (WEBHOOK_PATH) to ${path}.`;
  if (!warned.has(path) && warned.size < 100) {
    warned.add(path);
    log.warn({ path, webhookPath }, message);
  }
  return message;
}

/** Whether a request looks like a delivery: the platform sends every one as a POST with `x-github-event`. */
export function isDelivery(method: string | undefined, event: string | null | undefined): boolean {
  return method === "POST" && typeof event === "string" && event !== "";
}
