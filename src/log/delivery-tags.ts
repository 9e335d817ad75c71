/** The event name and installation of one delivery, for Sentry's tags. */
export type DeliveryTags = { event: string; installation?: number | undefined };

// Enough for the deliveries in flight; the oldest is forgotten first.
const MAX_DELIVERIES = 1000;
const deliveries = new Map<string, DeliveryTags>();
let enabled = false;

/**
 * Called by the Sentry stream: from then on, contexts remember their
 * delivery's event and installation. `context.log` binds only Probot's
 * `{ name: "event", id }`, so Sentry finds the rest here by delivery id.
 * Processes without Sentry remember nothing.
 *
 * @example
 * enableDeliveryTags();
 */
export function enableDeliveryTags(): void {
  enabled = true;
}

/**
 * Remembers a delivery's event name and installation under its id.
 *
 * @example
 * rememberDelivery("d-1", { event: "issues", installation: 5 });
 */
export function rememberDelivery(id: string, tags: DeliveryTags): void {
  if (!enabled) return;
  deliveries.delete(id);
  deliveries.set(id, tags);
  if (deliveries.size > MAX_DELIVERIES) deliveries.delete(deliveries.keys().next().value!);
}

/**
 * The event and installation of a delivery seen by a context, if any.
 *
 * @example
 * deliveryTags("d-1"); // { event: "issues", installation: 5 }
 */
export function deliveryTags(id: unknown): DeliveryTags | undefined {
  return typeof id === "string" ? deliveries.get(id) : undefined;
}
