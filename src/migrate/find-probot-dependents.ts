import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { AppLockfiles, Lock } from "./app-lockfiles.js";
import { DEPENDENCY_FIELDS, findPackageHint, PROBOT_MODULE } from "./probot-names.js";
import type { Problem } from "./source-types.js";

type LockEntry = NonNullable<Lock["packages"]>[string];

/**
 * The app's own dependencies that depend on probot themselves (a bootstrapper such as gcf-utils,
 * a shared bot library), as the lockfile or, without one, the installed packages say. They keep
 * their own probot after the migration: what they host runs on Probot, not on this framework.
 * Adapters are left out: they have their own problem (`findPackageHint`).
 */
export async function findProbotDependents(
  directory: string,
  manifestText: string,
  lockfiles: AppLockfiles,
): Promise<Problem[]> {
  const manifest = JSON.parse(manifestText) as Record<string, unknown>;
  const lock = lockfiles.npm?.lock;
  const lines = manifestText.split("\n");
  const problems: Problem[] = [];
  for (const field of DEPENDENCY_FIELDS) {
    const dependencies = manifest[field];
    if (!isRecord(dependencies)) continue;
    for (const name of Object.keys(dependencies)) {
      if (name === PROBOT_MODULE || findPackageHint(name)) continue;
      const range = lock ? probotRangeInLock(lock, name) : await probotRangeInstalled(directory, name);
      if (range === undefined) continue;
      problems.push({
        line: lines.findIndex((line) => line.includes(JSON.stringify(name))) + 1 || undefined,
        message: `${field} has "${name}", which depends on probot ${range} itself`,
        hint:
          `${name} keeps its own copy of probot: what it loads or hosts gets Probot's app and contexts ` +
          "(context.octokit, not context.client), and its types name Probot's (TypeScript refuses an App or " +
          "Context from gh-app-kit there). Use gh-app-kit's own way for that part (app run, createNodeMiddleware, " +
          "createServer, context.client), or a version of the package built on gh-app-kit.",
      });
    }
  }
  return problems;
}

/** lockfileVersion 2 and 3 list `packages`; version 1 lists `dependencies` with `requires`. */
function probotRangeInLock(lock: Lock, name: string): string | undefined {
  const entry = lock.packages?.[`node_modules/${name}`] ?? lock.dependencies?.[name];
  return entry ? probotRange(entry) : undefined;
}

async function probotRangeInstalled(directory: string, name: string): Promise<string | undefined> {
  const text = await readFile(join(directory, "node_modules", name, "package.json"), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return probotRange(JSON.parse(text) as LockEntry);
  } catch {
    return undefined;
  }
}

function probotRange(entry: LockEntry): string | undefined {
  for (const field of [entry.dependencies, entry.peerDependencies, entry.requires]) {
    if (isRecord(field) && typeof field[PROBOT_MODULE] === "string") return field[PROBOT_MODULE];
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
