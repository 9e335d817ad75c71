import type { RoutedEvent } from "../webhooks/event-router.js";

/** One delivery of an event: its `X-GitHub-Delivery` id, `X-GitHub-Event` name and parsed payload. */
export type Delivery = RoutedEvent;

/**
 * What became of a delivery at the door (`App.deliver`): "handled" when its
 * handlers ran here (the door rejects when they failed), "duplicate" when an
 * instance sharing Redis already handled it, "elsewhere" when another
 * instance is running it now.
 */
export type DeliveryOutcome = "handled" | "duplicate" | "elsewhere";

/** A verified delivery as stored to run elsewhere (on a queue): enough to run its handlers anywhere. */
export type StoredDelivery = {
  /** The `X-GitHub-Delivery` id. */
  id: string;
  /** The `X-GitHub-Event` name. */
  name: string;
  /** The body exactly as received and verified (JSON text), parsed again where it runs. */
  body: string;
  /** The request headers kept with it (`KEPT_HEADERS`): W3C trace context and the platform's hook ids. */
  headers: Record<string, string>;
  /** When it was stored (ms since the epoch). */
  receivedAt: number;
};

/** The request headers kept with a stored delivery (see `StoredDelivery.headers`). */
export const KEPT_HEADERS = [
  "traceparent",
  "tracestate",
  "x-github-hook-id",
  "x-github-hook-installation-target-id",
  "x-github-hook-installation-target-type",
] as const;

export type KeptHeader = (typeof KEPT_HEADERS)[number];

/** `issues.opened` for a payload whose action is "opened": how log lines name a delivery. */
export function deliveryLabel({ name, payload }: { name: string; payload: unknown }): string {
  const action = (payload as { action?: unknown } | null | undefined)?.action;
  return typeof action === "string" ? `${name}.${action}` : name;
}

/** Apps' tests call `receive({ name: "issues.opened" })`: run it as the platform would send it. */
export function splitEventName<E extends { name: string }>(event: E): E & { action?: string } {
  const dot = typeof event.name === "string" ? event.name.indexOf(".") : -1;
  if (dot <= 0) return event;
  return { ...event, name: event.name.slice(0, dot), action: event.name.slice(dot + 1) };
}
