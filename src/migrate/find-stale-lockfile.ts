import type { AppLockfiles } from "./app-lockfiles.js";
import { PROBOT_MODULE } from "./probot-names.js";

/**
 * npm's lock (as npm reads it: a shrinkwrap wins) when it still places probot. Such a lock keeps
 * probot's dependencies at the top of node_modules, so npm nests gh-app-kit's, and an undeclared
 * `require("pino")` (as Probot's docs show) breaks.
 * `unreadable`: why npm cannot read the lock (npm ci refuses it, npm install makes it anew).
 */
export function findStaleLockfile({ npm }: AppLockfiles): { file: string; unreadable?: string } | undefined {
  if (npm === undefined) return undefined;
  const { file, lock, unreadable } = npm;
  if (lock === undefined) return { file, unreadable: unreadable ?? "is not valid JSON" }; // it must be made again
  return lock.packages?.[`node_modules/${PROBOT_MODULE}`] !== undefined ||
    lock.dependencies?.[PROBOT_MODULE] !== undefined
    ? { file }
    : undefined;
}
