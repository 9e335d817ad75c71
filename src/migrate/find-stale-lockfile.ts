import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PROBOT_MODULE } from "./probot-names.js";

/** npm's lockfiles, in the order npm reads them (a shrinkwrap wins). */
const LOCKFILES = ["npm-shrinkwrap.json", "package-lock.json"] as const;

/**
 * Such a lock keeps probot's dependencies at the top of node_modules, so npm
 * nests gh-app-kit's, and an undeclared `require("pino")` (as Probot's docs show) breaks.
 * `notJson`: the lock does not parse (npm ci refuses it, npm install makes it anew).
 */
export async function findStaleLockfile(directory: string): Promise<{ file: string; notJson: boolean } | undefined> {
  for (const name of LOCKFILES) {
    const text = await readFile(join(directory, name), "utf8").catch(() => undefined);
    if (text === undefined) continue;
    let lock: { packages?: Record<string, unknown>; dependencies?: Record<string, unknown> };
    try {
      lock = JSON.parse(text) as typeof lock;
    } catch {
      return { file: name, notJson: true }; // npm cannot use it either: it must be made again
    }
    return lock.packages?.[`node_modules/${PROBOT_MODULE}`] !== undefined ||
      lock.dependencies?.[PROBOT_MODULE] !== undefined
      ? { file: name, notJson: false }
      : undefined;
  }
  return undefined;
}
