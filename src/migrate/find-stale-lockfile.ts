import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PROBOT_MODULE } from "./probot-names.js";

/** npm's lockfiles, in the order npm reads them (a shrinkwrap wins). */
const LOCKFILES = ["npm-shrinkwrap.json", "package-lock.json"] as const;

/**
 * The npm lockfile in `directory` that still places probot (lockfile v2/v3
 * `packages["node_modules/probot"]`, v1 `dependencies.probot`), or
 * undefined. Such a lock keeps probot's dependencies at the top of
 * node_modules through a plain `npm install`, which then nests gh-app-kit's
 * under node_modules/gh-app-kit, and code that requires them undeclared
 * (`require("pino")`, as Probot's docs show) stops finding them.
 */
export async function findStaleLockfile(directory: string): Promise<string | undefined> {
  for (const name of LOCKFILES) {
    const text = await readFile(join(directory, name), "utf8").catch(() => undefined);
    if (text === undefined) continue;
    let lock: { packages?: Record<string, unknown>; dependencies?: Record<string, unknown> };
    try {
      lock = JSON.parse(text) as typeof lock;
    } catch {
      return name; // npm install cannot use it either: it must be made again
    }
    return lock.packages?.[`node_modules/${PROBOT_MODULE}`] !== undefined || lock.dependencies?.[PROBOT_MODULE] !== undefined ? name : undefined;
  }
  return undefined;
}
