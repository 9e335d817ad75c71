import { readFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
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
  /** The app's dependencies that go with probot (an adapter the migration drops): what only they bring goes too. */
  leaving: ReadonlySet<string> = new Set(),
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
  }).filter((name) => name !== PROBOT_MODULE && !leaving.has(name));
  const elsewhere = walk(
    packages,
    others.flatMap((name) => (packages[`node_modules/${name}`] ? [[`node_modules/${name}`, []] as Entry] : [])),
  );
  const direct = new Set(Object.keys(record(packages[probotKey]!.dependencies)));
  for (const [key, via] of reached) {
    const name = nameOf(key);
    // The copy the app's own require() finds is the one at the top; another copy of the same name, nested
    // for another dependency (octokit's @octokit/webhooks-types under @octokit/app), does not keep it.
    if (key !== `node_modules/${name}` || elsewhere.has(key)) continue;
    if (via.length === 0 || direct.has(name) || others.includes(name) || found.has(name)) continue;
    const version = packages[key]?.version;
    found.set(name, { version: typeof version === "string" ? version : "", via });
  }
  return found;
}

/** An entry of npm's lockfile 1: its version, the ranges it requires, and the copies nested under it. */
type LockV1Entry = { version?: unknown; requires?: unknown; dependencies?: unknown };

/**
 * npm's lockfile 1 (a tree of `dependencies`, each with `requires`) as the `packages` of lockfiles 2 and 3:
 * `node_modules/a/node_modules/b` for a copy nested under a, each with its version, what it requires and, where
 * `peersOf` knows them (lockfile 1 records none), its peers. The root's dependencies are the app's manifest's,
 * which lockfile 1 does not repeat.
 */
export function packagesOfLockV1(
  lock: { dependencies?: unknown },
  manifest: Record<string, unknown>,
  peersOf: (key: string, name: string, version: string | undefined) => Record<string, string> | undefined = () =>
    undefined,
): { packages: Record<string, LockPackage> } {
  const packages: Record<string, LockPackage> = {
    "": {
      dependencies: manifest.dependencies,
      devDependencies: manifest.devDependencies,
      optionalDependencies: manifest.optionalDependencies,
      peerDependencies: manifest.peerDependencies,
    },
  };
  const add = (tree: unknown, base: string) => {
    for (const [name, value] of Object.entries(record(tree))) {
      const entry = record(value) as LockV1Entry;
      const key = `${base}node_modules/${name}`;
      const version = typeof entry.version === "string" ? entry.version : undefined;
      const peers = peersOf(key, name, version);
      packages[key] = { version, dependencies: record(entry.requires), ...(peers ? { peerDependencies: peers } : {}) };
      add(entry.dependencies, `${key}/`);
    }
  };
  add(lock.dependencies, "");
  return { packages };
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

/**
 * What {@link throughProbot} finds in an npm lockfile, read from node_modules as installed, for an app
 * locked by yarn.lock or npm's lockfile version 1 (offu/close-issue-app, Probot 9): the packages that
 * probot's dependencies brought, at the top of node_modules where the app's own imports resolve them,
 * and that no other dependency of the app brings.
 */
export async function throughProbotInstalled(
  directory: string,
  manifest: Record<string, unknown>,
  leaving: ReadonlySet<string> = new Set(),
): Promise<Map<string, ThroughProbot>> {
  const found = new Map<string, ThroughProbot>();
  const top = join(directory, "node_modules");
  const read = manifestReader();
  const probot = await read(join(top, PROBOT_MODULE));
  if (!probot) return found;
  const walk = (starts: InstalledEntry[]) => walkInstalled(starts, directory, read);
  const reached = await walk([[join(top, PROBOT_MODULE), []]]);
  const others = Object.keys({
    ...record(manifest.dependencies),
    ...record(manifest.devDependencies),
    ...record(manifest.optionalDependencies),
    ...record(manifest.peerDependencies),
  }).filter((name) => name !== PROBOT_MODULE && !leaving.has(name));
  const elsewhere = await walk(others.map((name) => [join(top, name), []] as InstalledEntry));
  const direct = new Set(Object.keys(record(probot.dependencies)));
  for (const [dir, { via, version }] of reached) {
    const name = installedName(top, dir);
    // Only a copy at the top, where the app's own require() finds it; not one nested for another package.
    if (name === undefined || via.length === 0 || direct.has(name) || others.includes(name)) continue;
    if (elsewhere.has(dir)) continue;
    found.set(name, { version, via });
  }
  return found;
}

type InstalledEntry = [dir: string, via: string[]];
type Manifest = { name?: unknown; version?: unknown; dependencies?: unknown; optionalDependencies?: unknown };

/** Every installed package folder reachable from `starts` by Node's resolution, with its chain and version. */
async function walkInstalled(
  starts: InstalledEntry[],
  root: string,
  read: ManifestReader,
): Promise<Map<string, { via: string[]; version: string }>> {
  const reached = new Map<string, { via: string[]; version: string }>();
  const queue = [...starts];
  for (let index = 0; index < queue.length; index++) {
    const [dir, via] = queue[index]!;
    if (reached.has(dir)) continue;
    const own = await read(dir);
    if (!own) continue;
    reached.set(dir, { via, version: typeof own.version === "string" ? own.version : "" });
    const name = typeof own.name === "string" ? own.name : "";
    const next = name === PROBOT_MODULE ? [] : [...via, name];
    for (const dependency of Object.keys({ ...record(own.dependencies), ...record(own.optionalDependencies) })) {
      const placed = await resolveInstalled(dir, dependency, root, read);
      if (placed && !reached.has(placed)) queue.push([placed, next]);
    }
  }
  return reached;
}

/** Where Node finds `name` from the package at `from`: its own node_modules, then each one above, up to the app's. */
async function resolveInstalled(
  from: string,
  name: string,
  root: string,
  read: ManifestReader,
): Promise<string | undefined> {
  for (let base = from; !relative(root, base).startsWith("..");) {
    const candidate = join(base, "node_modules", name);
    if (await read(candidate)) return candidate;
    const parent = dirname(base);
    if (parent === base) break;
    base = parent;
  }
  return undefined;
}

type ManifestReader = (dir: string) => Promise<Manifest | undefined>;

/** A package folder's package.json, each read once. */
function manifestReader(): ManifestReader {
  const manifests = new Map<string, Promise<Manifest | undefined>>();
  return (dir) => {
    let read = manifests.get(dir);
    if (!read) {
      read = readFile(join(dir, "package.json"), "utf8")
        .then((text) => JSON.parse(text) as Manifest)
        .catch(() => undefined);
      manifests.set(dir, read);
    }
    return read;
  };
}

/** The package name of a folder right under the top node_modules ("@s/b" for node_modules/@s/b), else undefined. */
function installedName(top: string, dir: string): string | undefined {
  const rest = relative(top, dir).split(sep);
  if (rest[0]?.startsWith("@") ? rest.length !== 2 : rest.length !== 1) return undefined;
  return rest.join("/");
}
