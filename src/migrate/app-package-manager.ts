import { existsSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_MANAGERS, type PackageManagerName } from "../scaffold/package-manager.js";

/** Each package manager's lockfiles, the one it writes first. */
const LOCKFILES: Readonly<Record<PackageManagerName, readonly string[]>> = {
  npm: ["package-lock.json", "npm-shrinkwrap.json"],
  pnpm: ["pnpm-lock.yaml"],
  yarn: ["yarn.lock"],
  bun: ["bun.lock", "bun.lockb"],
};

/**
 * The package manager the app is installed with, and the lockfile its install updates: package.json's
 * `packageManager` (corepack's field, `yarn@4.5.0`), else the lockfile there is (npm's first, whose lock the
 * migration prunes), else npm. The report's next step names its commands.
 */
export function appPackageManager(
  directory: string,
  manifest: Record<string, unknown>,
): { name: PackageManagerName; lockfile: string } {
  const declared = typeof manifest.packageManager === "string" ? manifest.packageManager.split("@")[0] : undefined;
  const present = (name: PackageManagerName) => LOCKFILES[name].find((file) => existsSync(join(directory, file)));
  const name =
    PACKAGE_MANAGERS.find((candidate) => candidate === declared) ??
    PACKAGE_MANAGERS.find((candidate) => present(candidate) !== undefined) ??
    "npm";
  return { name, lockfile: present(name) ?? LOCKFILES[name][0]! };
}
