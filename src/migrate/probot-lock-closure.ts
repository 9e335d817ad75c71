import { PROBOT_MODULE } from "./probot-names.js";

/** A package npm's lockfile places for probot's own dependencies, not for probot itself. */
export type ThroughProbot = { version: string; via: string[] };

type LockPackage = {
  version?: unknown;
  dependencies?: unknown;
  optionalDependencies?: unknown;
  devDependencies?: unknown;
  peerDependencies?: unknown;
};

/**
 * The packages an npm lockfile (version 2 or 3) installs only because probot's dependencies need them,
 * each with its version and the chain that brings it (`@sentry/node` through `@probot/pino`): those an
 * app may import without declaring them, and that go with probot. probot's direct dependencies, and
 * anything another of the app's own dependencies also brings, are not listed.
 */
export function throughProbot(
  lock: { packages?: Record<string, LockPackage> } | undefined,
): Map<string, ThroughProbot> {
  const packages = lock?.packages;
  const probotKey = `node_modules/${PROBOT_MODULE}`;
  const found = new Map<string, ThroughProbot>();
  if (!packages?.[probotKey]) return found;
  const reached = walk(packages, [[probotKey, []]]);
  const root = packages[""] ?? {};
  const others = Object.keys({
    ...record(root.dependencies),
    ...record(root.devDependencies),
    ...record(root.optionalDependencies),
    ...record(root.peerDependencies),
  }).filter((name) => name !== PROBOT_MODULE);
  const elsewhere = walk(
    packages,
    others.flatMap((name) => (packages[`node_modules/${name}`] ? [[`node_modules/${name}`, []] as Entry] : [])),
  );
  const direct = new Set(Object.keys(record(packages[probotKey]!.dependencies)));
  const otherwise = new Set([...others, ...[...elsewhere.keys()].map(nameOf)]);
  for (const [key, via] of reached) {
    const name = nameOf(key);
    if (via.length === 0 || direct.has(name) || otherwise.has(name) || found.has(name)) continue;
    const version = packages[key]?.version;
    found.set(name, { version: typeof version === "string" ? version : "", via });
  }
  return found;
}

type Entry = [key: string, via: string[]];

/** Every package key reachable from `starts` through `dependencies` and `optionalDependencies`, with its chain. */
function walk(packages: Record<string, LockPackage>, starts: Entry[]): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue = [...starts];
  for (let index = 0; index < queue.length; index++) {
    const [key, via] = queue[index]!;
    if (reached.has(key)) continue;
    reached.set(key, via);
    const own = packages[key];
    // The chain to a package: the packages between probot and it.
    const next = nameOf(key) === PROBOT_MODULE ? [] : [...via, nameOf(key)];
    for (const name of Object.keys({ ...record(own?.dependencies), ...record(own?.optionalDependencies) })) {
      const placed = resolve(packages, key, name);
      if (placed && !reached.has(placed)) queue.push([placed, next]);
    }
  }
  return reached;
}

/** Where npm places `name` for the package at `from`: its own node_modules, then each one above. */
function resolve(packages: Record<string, LockPackage>, from: string, name: string): string | undefined {
  for (let base = from; ;) {
    const key = `${base}/node_modules/${name}`;
    if (packages[key]) return key;
    const cut = base.lastIndexOf("/node_modules/");
    if (cut < 0) break;
    base = base.slice(0, cut);
  }
  return packages[`node_modules/${name}`] ? `node_modules/${name}` : undefined;
}

/** "node_modules/a/node_modules/@s/b" → "@s/b". */
function nameOf(key: string): string {
  return key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}
