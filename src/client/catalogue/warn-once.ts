import type { WarnLog } from "./types.js";

const warned = new Set<string>();

export function warnOnce(log: WarnLog, key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  log.warn(message);
}
