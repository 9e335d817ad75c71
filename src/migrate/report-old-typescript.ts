import { readFile } from "node:fs/promises";
import { join } from "node:path";
import semver from "semver";
import { admitsFrom, versionBefore } from "./version-ranges.js";
import type { AppLockfiles } from "./app-lockfiles.js";
import { DEPENDENCY_FIELDS } from "./probot-names.js";
import type { Problem } from "./source-types.js";

/**
 * The oldest TypeScript that reads the declaration files of the framework and its dependencies: 4.7 to 4.9
 * through dist/ts4 (scripts/build-ts4-types.mjs) and with skipLibCheck; before 4.7, Octokit's do not parse.
 */
const TYPESCRIPT_MIN = "4.7.0";

/**
 * A TypeScript older than 4.7: the version the lockfile (npm's or yarn's) or node_modules holds, or without one
 * a range that admits no 4.7 or later (npm installs the newest a range allows: "*" is today's).
 */
export async function reportOldTypeScript(
  directory: string,
  manifestText: string,
  lockfiles: AppLockfiles,
): Promise<Problem[]> {
  const manifest = JSON.parse(manifestText) as Record<string, unknown>;
  const field = DEPENDENCY_FIELDS.find(
    (name) => typeof (manifest[name] as Record<string, unknown>)?.typescript === "string",
  );
  if (field === undefined) return [];
  const range = (manifest[field] as Record<string, string>).typescript!;
  const version = await installedTypeScript(directory, lockfiles);
  const old = version
    ? versionBefore(version, TYPESCRIPT_MIN)
    : semver.validRange(range) !== null && !admitsFrom(range, TYPESCRIPT_MIN);
  if (!old) return [];
  const line = manifestText.split("\n").findIndex((text) => text.includes('"typescript"')) + 1 || undefined;
  return [
    {
      line,
      message: `${field} has "typescript": "${range}"${version ? ` (${version} installed)` : ""}, older than TypeScript 4.7`,
      hint:
        "The declaration files of gh-app-kit and its dependencies need TypeScript 4.7 or later (4.7 to 4.9 with " +
        "skipLibCheck): update typescript, and ts-jest with it (ts-jest 29 for TypeScript 5).",
    },
  ];
}

async function installedTypeScript(directory: string, lockfiles: AppLockfiles): Promise<string | undefined> {
  const lock = lockfiles.npm?.lock;
  const locked = lock?.packages?.["node_modules/typescript"]?.version ?? lock?.dependencies?.typescript?.version;
  if (typeof locked === "string" && semver.valid(locked)) return locked;
  const yarn = lockfiles.yarn ?? "";
  // A yarn.lock entry: `typescript@^4.2.4:` (v1) or `"typescript@npm:^4.2.4":` (berry), then its version line.
  const entry = /^"?typescript@[^\n]*:\n(?:[ \t]+[^\n]*\n)*?[ \t]+version:? "?([^"\s]+)"?/m.exec(yarn);
  if (entry?.[1] && semver.valid(entry[1])) return entry[1];
  const installed = await readFile(join(directory, "node_modules/typescript/package.json"), "utf8").catch(() => "");
  const version = /"version"\s*:\s*"([^"]+)"/.exec(installed)?.[1];
  return version && semver.valid(version) ? version : undefined;
}
