import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

type LockEntry = { version?: unknown; dependencies?: unknown; peerDependencies?: unknown; requires?: unknown };

/** The parts of an npm lock the reports read: `packages` (lockfileVersion 2 and 3), `dependencies` (1). */
export type Lock = { packages?: Record<string, LockEntry>; dependencies?: Record<string, LockEntry> };

/** The app's lockfiles, read once per migration and shared by the reports that need them. */
export type AppLockfiles = {
  /**
   * npm's lock as npm reads it (a shrinkwrap wins). `lock` is undefined when npm could not read it either, and
   * `unreadable` then says why: `is not valid JSON`, `holds null, not a lockfile`, ...
   */
  npm?: { file: (typeof NPM_LOCKFILES)[number]; text: string; lock: Lock | undefined; unreadable?: string };
  /** yarn.lock's text, v1 or berry. */
  yarn?: string;
  /**
   * The peer ranges of the package installed at a lock key (`node_modules/a/node_modules/b`), read
   * from its package.json; undefined when it is not installed. A v1 lock records no peers.
   */
  installedPeers: (key: string) => Record<string, string> | undefined;
};

const NPM_LOCKFILES = ["npm-shrinkwrap.json", "package-lock.json"] as const;

export async function readAppLockfiles(directory: string): Promise<AppLockfiles> {
  const read = (name: string) => readFile(join(directory, name), "utf8").catch(() => undefined);
  const lockfiles: AppLockfiles = { installedPeers: (key) => installedPeers(directory, key) };
  for (const file of NPM_LOCKFILES) {
    const text = await read(file);
    if (text === undefined) continue;
    const parsed = readLock(text);
    lockfiles.npm =
      "lock" in parsed ? { file, text, lock: parsed.lock } : { file, text, lock: undefined, unreadable: parsed.why };
    break;
  }
  const yarn = await read("yarn.lock");
  if (yarn !== undefined) lockfiles.yarn = yarn;
  return lockfiles;
}

function installedPeers(directory: string, key: string): Record<string, string> | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(directory, key, "package.json"), "utf8")) as {
      peerDependencies?: unknown;
    };
    const peers = manifest.peerDependencies;
    return typeof peers === "object" && peers !== null ? (peers as Record<string, string>) : {};
  } catch {
    return undefined;
  }
}

/**
 * An npm lock's text as the reports and the pruning read it, or why npm could not read it: not JSON, or JSON
 * of another shape (`null`, a list, an entry of `packages` that is no object) that the reports would trip on.
 */
export function readLock(text: string): { lock: Lock } | { why: string } {
  let lock: unknown;
  try {
    lock = JSON.parse(text);
  } catch {
    return { why: "is not valid JSON" };
  }
  if (!isObject(lock)) return { why: `holds ${shapeOf(lock)}, not a lockfile` };
  const { packages, dependencies } = lock as Record<string, unknown>;
  const misshapen =
    entriesNotObjects(packages, "packages", false) ?? entriesNotObjects(dependencies, "dependencies", true);
  return misshapen === undefined ? { lock: lock as Lock } : { why: `is not a lockfile npm can read: ${misshapen}` };
}

/** Where a lock's map of entries (v1's nested `dependencies` too) holds something other than objects. */
function entriesNotObjects(map: unknown, path: string, nested: boolean): string | undefined {
  if (map === undefined) return undefined;
  if (!isObject(map)) return `${path} holds ${shapeOf(map)}`;
  for (const [key, entry] of Object.entries(map)) {
    const at = `${path}[${JSON.stringify(key)}]`;
    if (!isObject(entry)) return `${at} holds ${shapeOf(entry)}`;
    const inner = nested ? entriesNotObjects((entry as LockEntry).dependencies, `${at}.dependencies`, true) : undefined;
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function shapeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return `a ${typeof value}`;
}
