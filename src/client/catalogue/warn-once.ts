import type { WarnLog } from "./types.js";

const warned = new Set<string>();

/**
 * Logs `message` at warn level the first time `key` is seen in this process.
 */
export function warnOnce(log: WarnLog, key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  log.warn(message);
}
