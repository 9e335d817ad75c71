import { basename } from "node:path";
import { AppError } from "../errors.js";
import { loadAppFunction } from "./load-app-function.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import type { Resolver } from "./resolve-app-function.js";
import { readPackageApps } from "./read-package-apps.js";

export type LoadAppsOptions = { cwd: string; resolver?: Resolver | undefined };

export async function loadApps(
  ids: readonly string[],
  { cwd, resolver }: LoadAppsOptions,
): Promise<Array<ApplicationFunction | DeprecatedApplicationFunction>> {
  const appFns = [];
  for (const id of new Set([...appIdsOf(ids), ...readPackageApps(cwd)])) {
    appFns.push(await loadAppFunction(id, { basedir: cwd, resolver }));
  }
  return appFns;
}

/**
 * The app paths and package names of `run(list)`. Probot's run() took `process.argv` there, `probot run`'s command
 * line: a list that starts with the node binary (then the script) is read so, without those two. Flags are refused:
 * only the `app run` command parses them.
 */
export function appIdsOf(list: readonly string[]): readonly string[] {
  const ids = list.length >= 2 && isRuntimeBinary(list[0]!) ? list.slice(2) : list;
  const flag = ids.find((id) => id.startsWith("-"));
  if (flag !== undefined) {
    throw new AppError("OPTION_INVALID", `run() takes app paths or package names, got the flag "${flag}".`, {
      hint: "Pass options as run(apps, { overrides: { port: 3000 } }) or as their variables, or use the `app run` command.",
    });
  }
  return ids;
}

/** `process.argv[0]`: this process's binary, or a node, bun or deno by its name. */
function isRuntimeBinary(entry: string): boolean {
  return entry === process.execPath || /^(node|nodejs|bun|deno)(\.exe)?$/i.test(basename(entry));
}
