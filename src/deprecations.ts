/** The keys of the application function argument that are deprecated. */
export const DEPRECATED_APP_KEYS = ["auth", "load", "log", "on", "receive", "route", "router"] as const;

export type DeprecatedKey = (typeof DEPRECATED_APP_KEYS)[number];

/** The same seven keys as an enum-like object, in the spec's order. */
export const deprecatedKeys = Object.freeze({
  router: "router",
  log: "log",
  on: "on",
  receive: "receive",
  load: "load",
  route: "route",
  auth: "auth",
} as const satisfies { [K in DeprecatedKey]: K });

/**
 * True once an application function has used one of the deprecated keys of
 * its argument; the warning for that is logged once per process.
 */
export let didDeprecate = false;

export function markDeprecated(): void {
  didDeprecate = true;
}

const warned = new Set<string>();

/** Not into the app's log: apps' tests compare their records exactly, and Probot wrote no such line. */
export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  process.emitWarning(message, "DeprecationWarning");
}

/**
 * `{ event: "issues", payload }`, the shape Probot 7 to 9 took in `receive()` (and warned of): the
 * event's name under `event`. A `name` given beside it wins, as there.
 */
export function withEventName<E extends { name: string }>(given: E): E {
  const legacy = (given as { event?: unknown }).event;
  if (given.name !== undefined || typeof legacy !== "string") return given;
  warnOnce(
    "receive-event",
    "receive({ event, payload }) is deprecated: name the event `name`, as in Probot 10 and later.",
  );
  return { ...given, name: legacy };
}
