import { readLock } from "./app-lockfiles.js";
import { packagesOfLockV1 } from "./probot-lock-closure.js";
import { PROBOT_MODULE } from "./probot-names.js";

type LockEntry = {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
type LegacyEntry = {
  version?: string;
  requires?: Record<string, string>;
  dependencies?: Record<string, LegacyEntry>;
};
type PeersOf = (key: string) => Record<string, string> | undefined;
type Lock = { packages?: Record<string, LockEntry>; dependencies?: Record<string, LegacyEntry> };

const ROOT_KEYS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"] as const;

/**
 * An npm lock without probot and the packages only it needed, found by
 * following each kept package's dependencies as npm resolves them (its own
 * node_modules, then each folder above). Every other package keeps its place
 * and version, so `npm install` adds gh-app-kit's dependencies where probot's
 * were and changes nothing else of the app's. A v1 lock (npm 6) is read the
 * same way from its nested `dependencies` and stays v1: npm 7 and later
 * install its versions. A v1 lock records no peer dependencies: those of each package come from its
 * installed copy (`peersOf`), or, not installed, from what the Probot extensions published
 * (`PROBOT_PEERS`), so probot stays for a kept extension whose peer range names it, as npm 7 and
 * later would otherwise install probot's newest release for it. `undefined` when the lock is not
 * JSON or has no probot.
 * `probotKept` when a package the app keeps still depends on probot.
 */
export function pruneLockfile(
  lockText: string,
  manifestText: string,
  peersOf: PeersOf = () => undefined,
): { text: string; removed: number; probotKept: boolean } | undefined {
  const read = readLock(lockText);
  if (!("lock" in read)) return undefined;
  const lock = read.lock as Lock;
  let manifest: Partial<Record<(typeof ROOT_KEYS)[number], Record<string, string>>>;
  try {
    manifest = JSON.parse(manifestText) as typeof manifest;
  } catch {
    return undefined;
  }
  // A v1 lock has only the nested tree: its folders as a v2 map, to be read the same way.
  // A v1 lock's nested tree as the v2 map of folders, each with what it requires and its peers.
  const packages =
    lock.packages ??
    (lock.dependencies
      ? (packagesOfLockV1(lock, manifest, (key, name, version) => peersOf(key) ?? publishedPeers(name, version))
          .packages as Record<string, LockEntry>)
      : undefined);
  if (!packages?.[`node_modules/${PROBOT_MODULE}`]) return undefined;
  const root: LockEntry = { ...packages[""] };
  for (const key of ROOT_KEYS) {
    if (manifest[key] !== undefined) root[key] = manifest[key];
    else delete root[key];
  }
  packages[""] = root;
  const kept = reachable(packages);
  const gone = Object.keys(packages).filter((key) => key.startsWith("node_modules/") && !kept.has(key));
  if (lock.packages) for (const key of gone) delete packages[key];
  if (lock.dependencies) pruneLegacy(lock.dependencies, "", kept);
  const indent = /^\{\r?\n([ \t]+)/.exec(lockText)?.[1] ?? "  ";
  const eol = lockText.includes("\r\n") ? "\r\n" : "\n";
  const text = JSON.stringify(lock, null, indent).replace(/\n/g, eol) + (/\r?\n$/.test(lockText) ? eol : "");
  // Another dependency may still need probot (@probot/adapter-github-actions, a peer of probot-scheduler).
  const probotKept = kept.has(`node_modules/${PROBOT_MODULE}`);
  return { text, removed: gone.filter((key) => key !== `node_modules/${PROBOT_MODULE}`).length, probotKept };
}

/** The lock keys npm reaches from the root and the workspaces (folders outside node_modules). */
function reachable(packages: Record<string, LockEntry>): Set<string> {
  const seen = new Set<string>();
  const pending = Object.keys(packages).filter((key) => !key.startsWith("node_modules/"));
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = packages[key] ?? {};
    if (entry.link && entry.resolved !== undefined) pending.push(entry.resolved);
    // Only the root and workspaces install their devDependencies.
    const own = key.startsWith("node_modules/") ? ROOT_KEYS.filter((k) => k !== "devDependencies") : ROOT_KEYS;
    for (const field of own) {
      for (const name of Object.keys(entry[field] ?? {})) {
        const found = resolveFrom(packages, key, name);
        if (found !== undefined && !seen.has(found)) pending.push(found);
      }
    }
  }
  return seen;
}

function resolveFrom(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let folder = from;
  for (;;) {
    const candidate = `${folder === "" ? "" : `${folder}/`}node_modules/${name}`;
    if (packages[candidate] !== undefined) return candidate;
    if (folder === "") return undefined;
    const parent = folder.lastIndexOf("/node_modules/");
    folder = parent >= 0 ? folder.slice(0, parent) : "";
  }
}

/** The lock v2's copy for npm 6 (`dependencies`, nested by folder): the same entries go. */
function pruneLegacy(tree: Record<string, LegacyEntry>, folder: string, kept: Set<string>): void {
  for (const [name, entry] of Object.entries(tree)) {
    const key = `${folder}node_modules/${name}`;
    if (!kept.has(key)) delete tree[name];
    else if (entry.dependencies) pruneLegacy(entry.dependencies, `${key}/`, kept);
  }
}

/**
 * The Probot extensions whose published releases name probot as a peer, from the first major
 * that does (probot-metadata 1 does not; probot-commands never did).
 */
const PROBOT_PEERS: Record<string, number> = { "probot-scheduler": 0, "probot-config": 0, "probot-metadata": 2 };

function publishedPeers(name: string, version: string | undefined): Record<string, string> | undefined {
  const since = PROBOT_PEERS[name];
  if (since === undefined || version === undefined) return undefined;
  const major = Number.parseInt(version, 10);
  return Number.isNaN(major) || major < since ? undefined : { [PROBOT_MODULE]: "*" };
}
