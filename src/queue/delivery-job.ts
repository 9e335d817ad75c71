import type { StoredDelivery } from "../delivery/delivery.js";
import { sharingScope } from "../redis/sharing-scope.js";

/** What a queued delivery carries: the core's stored delivery (its headers are `KEPT_HEADERS`). */
export type DeliveryJobData = StoredDelivery;

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
