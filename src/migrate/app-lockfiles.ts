import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

type LockEntry = { version?: unknown; dependencies?: unknown; peerDependencies?: unknown; requires?: unknown };

/** The parts of an npm lock the reports read: `packages` (lockfileVersion 2 and 3), `dependencies` (1). */
export type Lock = { packages?: Record<string, LockEntry>; dependencies?: Record<string, LockEntry> };

/** The app's lockfiles, read once per migration and shared by the reports that need them. */
export type AppLockfiles = {
  /** npm's lock as npm reads it (a shrinkwrap wins); `lock` is undefined when the text is not JSON. */
  npm?: { file: (typeof NPM_LOCKFILES)[number]; text: string; lock: Lock | undefined };
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
    lockfiles.npm = { file, text, lock: parseLock(text) };
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

function parseLock(text: string): Lock | undefined {
  try {
    const lock: unknown = JSON.parse(text);
    return typeof lock === "object" && lock !== null ? (lock as Lock) : undefined;
  } catch {
    return undefined;
  }
}
