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
  const flag = ids.find((id) => id.startsWith("-"));
  if (flag !== undefined) {
    throw new AppError("OPTION_INVALID", `run() takes app paths or package names, got the flag "${flag}".`, {
      hint: "Pass options as run(apps, { overrides: { port: 3000 } }), or use the `app run` command.",
    });
  }
  const appFns = [];
  for (const id of new Set([...ids, ...readPackageApps(cwd)])) {
    appFns.push(await loadAppFunction(id, { basedir: cwd, resolver }));
  }
  return appFns;
}
