/** The keys of the application function argument that are deprecated. */
export const DEPRECATED_APP_KEYS = [
  "auth",
  "load",
  "log",
  "on",
  "receive",
  "route",
  "router",
] as const;

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

/** Records that the deprecated-argument warning was logged. */
export function markDeprecated(): void {
  didDeprecate = true;
}

const warned = new Set<string>();

/**
 * Emits `message` as a Node `DeprecationWarning` (printed on stderr) the first
 * time `key` is seen in this process, never again. Not into the app's log:
 * apps' tests compare their own log records exactly, and Probot wrote no such
 * line there. `node --no-deprecation` silences it, as any Node deprecation.
 */
export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  process.emitWarning(message, "DeprecationWarning");
}
