import { sharingScope } from "../redis/sharing-scope.js";

/** What a queued delivery carries: enough to run its handlers anywhere, and to continue its trace. */
export type DeliveryJobData = {
  /** The `X-GitHub-Delivery` id. */
  id: string;
  /** The `X-GitHub-Event` name. */
  name: string;
  /** The body exactly as received and verified (JSON text), parsed again by the worker. */
  body: string;
  /** W3C trace context, so the trace continues in the worker, and the platform's hook ids. */
  headers: Record<string, string>;
  /** When the web instance stored it (ms since the epoch). */
  receivedAt: number;
  /**
   * With several registrations: which one it came for (its app id and
   * platform, never a secret), so any worker runs it with that one's credentials.
   */
  registration?: JobRegistration | undefined;
};

export type JobRegistration = { appId: number; baseUrl?: string };

export function jobRegistrationOf({
  appId,
  baseUrl,
}: {
  appId: number | undefined;
  baseUrl: string | undefined;
}): JobRegistration {
  return baseUrl === undefined ? { appId: appId! } : { appId: appId!, baseUrl };
}

/** The request headers kept with a queued delivery (see `DeliveryJobData.headers`). */
export const KEPT_HEADERS = [
  "traceparent",
  "tracestate",
  "x-github-hook-id",
  "x-github-hook-installation-target-id",
  "x-github-hook-installation-target-type",
] as const;

export type KeptHeader = (typeof KEPT_HEADERS)[number];

/** BullMQ refuses ids that look like integers or contain ":"; the platform's GUIDs never do. */
export function jobIdOf(deliveryId: string): string {
  if (/^-?\d+$/.test(deliveryId) || deliveryId.includes(":") || deliveryId.startsWith("delivery%")) {
    return `delivery%${encodeURIComponent(deliveryId)}`;
  }
  return deliveryId;
}

/**
 * The queue's name: one queue per platform and app id (`sharingScope`), so two
 * apps on one Redis never share deliveries, nor the same app id on two
 * platforms (BullMQ refuses ":" in a name). Without `baseUrl`: an earlier
 * version's name, by app id alone (see `reportLegacyQueue`).
 */
export function queueNameOf(appId: number | string, baseUrl?: string | null): string {
  const scope = baseUrl === null ? String(appId) : sharingScope(appId, baseUrl);
  return `deliveries-${scope.replace(/:/g, "_")}`;
}

/** BullMQ's key prefix under ours: `gh-app-kit:` → `gh-app-kit:bull` (keys `gh-app-kit:bull:<queue>:…`). */
export function queuePrefixOf(keyPrefix: string): string {
  return `${keyPrefix}bull`;
}
