import { readFile } from "node:fs/promises";
import { splitByteOrderMark } from "../helpers/byte-order-mark.js";
import { isAbsolute, join, posix, relative, resolve, sep } from "node:path";
import { readAppLockfiles } from "./app-lockfiles.js";
import { findNestedManifests } from "./find-source-files.js";
import { migrateLockfile, type PrunedLockfile } from "./migrate-lockfile.js";
import { migratePackageJson } from "./migrate-package-json.js";
import type { SourceLog } from "./source-types.js";
import type { PackageOverrides } from "../helpers/package-overrides.js";

export type NestedPackage = {
  /** The package.json, relative to the app's folder. */
  file: string;
  before: string;
  after: SourceLog & { code: string };
  /** Its folder's lock, relative to the app's folder, with probot's part removed. */
  lock?: PrunedLockfile | undefined;
};

/**
 * The package.json files of the app's folders that a deployment installs on their own (an
 * Architect or Firebase function's folder, a workspace's package): where one declares probot or
 * runs it in a script, it is moved as the app's own is, and its lock with it. A `file:` framework
 * given relative to the app is given relative to that folder.
 */
export async function migrateNestedPackages(
  directory: string,
  framework: string,
  overrides: PackageOverrides | undefined,
  /** Whether a package.json's `probot run` took deliveries at `/` (its probot, else the app's, admits no Probot 13). */
  webhookAtRoot: (manifest: string) => boolean = () => false,
): Promise<NestedPackage[]> {
  const moved: NestedPackage[] = [];
  for (const file of await findNestedManifests(directory)) {
    const [bom, before] = splitByteOrderMark(await readFile(join(directory, file), "utf8"));
    const folder = posix.dirname(file.split(sep).join("/"));
    const lockfiles = await readAppLockfiles(join(directory, folder));
    let after: SourceLog & { code: string };
    try {
      after = migratePackageJson(before, frameworkFrom(directory, folder, framework), {
        overrides,
        yarnLock: lockfiles.yarn,
        webhookAtRoot: webhookAtRoot(before),
      });
    } catch {
      continue; // not JSON: not a package npm installs either
    }
    if (after.code === before && after.problems.length === 0) continue;
    const lock = after.code === before ? undefined : migrateLockfile(lockfiles, after.code);
    const lockFile = lock && posix.join(folder, lock.file);
    if (lock && "stale" in lock) {
      // Unreadable: the folder's own install makes it again.
      after.problems.push({
        line: 0,
        message: `${lockFile} ${lock.unreadable ?? "still places probot's dependencies"}`,
        hint: `Make it again: cd ${folder} && rm -rf node_modules ${lock.file} && npm install`,
      });
    }
    const pruned = lock && !("stale" in lock) ? { ...lock, file: lockFile! } : undefined;
    moved.push({ file, before: bom + before, after: { ...after, code: bom + after.code }, lock: pruned });
  }
  return moved;
}

/** The npm spec of the framework as `folder` (relative to the app's `directory`) must write it. */
function frameworkFrom(directory: string, folder: string, framework: string): string {
  const path = /^file:(.*)$/.exec(framework)?.[1];
  if (path === undefined || isAbsolute(path) || posix.isAbsolute(path)) return framework;
  return `file:${relative(join(directory, folder), resolve(directory, path)).split(sep).join("/")}`;
}
