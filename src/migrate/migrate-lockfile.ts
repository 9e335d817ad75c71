import type { AppLockfiles } from "./app-lockfiles.js";
import { findStaleLockfile } from "./find-stale-lockfile.js";
import { pruneLockfile } from "./prune-lockfile.js";

/**
 * What becomes of the npm lock of a folder whose package.json was migrated: probot's part removed
 * (`text`, with the report's line), or `stale` when it cannot be read and must be made again.
 */
export type LockfileResult = PrunedLockfile | { file: string; stale: true; unreadable?: string };
export type PrunedLockfile = { file: string; text: string; change: string };

/** A folder's npm lock, given its package.json as migrated; undefined when it places no probot or stays as it is. */
export function migrateLockfile(lockfiles: AppLockfiles, manifest: string): LockfileResult | undefined {
  const stale = findStaleLockfile(lockfiles);
  if (!stale || !lockfiles.npm) return undefined;
  const before = lockfiles.npm.text;
  const pruned = stale.unreadable === undefined && pruneLockfile(before, manifest, lockfiles.installedPeers);
  if (!pruned)
    return { file: stale.file, stale: true, ...(stale.unreadable !== undefined && { unreadable: stale.unreadable }) };
  if (pruned.text === before) return undefined;
  return { file: stale.file, text: pruned.text, change: lockChange(pruned) };
}

function lockChange({ removed, probotKept }: { removed: number; probotKept: boolean }): string {
  const count = `${removed} ${removed === 1 ? "package" : "packages"}`;
  if (!probotKept) return `probot and the ${count} only it needed removed; the others keep their locked versions`;
  const rest = removed > 0 ? `; the ${count} nothing needs any more removed` : "";
  return `the root entry follows package.json; probot stays, since another dependency needs it (reported above)${rest}`;
}
