import { execFile } from "node:child_process";
import { copyFile, mkdir } from "node:fs/promises";
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, isAbsolute, join, resolve, sep } from "node:path";
import { promisify } from "node:util";
import semver from "semver";
import { AppError } from "../errors.js";
import { processEnv } from "../options/process-env.js";
import { findFrameworkRoot } from "./find-framework-root.js";
import { type PackageOverrides, readPackageOverrides } from "../helpers/package-overrides.js";

// A `file:` framework spec names a gh-app-kit folder or a tarball made by
// `npm pack`. One inside npm's cache (where `npm create` and `npx` unpack an
// unreleased build) would break on `npm cache clean` and on every other
// machine, so the new app gets its own copy instead.

export type LocalFramework =
  { kind: "registry"; spec: string } | { kind: "folder" | "tarball"; spec: string; path: string; copy: boolean };

const TARBALL = /\.(tgz|tar\.gz)$/i;

/**
 * Folders where package managers unpack what they run once, and clear: pnpm dlx's cache (`~/.cache/pnpm/dlx`, or
 * `pnpm-cache\dlx` on Windows; cleared after a day), yarn dlx's temporary project (`/tmp/xfs-<hash>/dlx-<pid>`,
 * removed when the command ends), bun's cache (`~/.bun/install/cache`) and bunx's folder (`/tmp/bunx-<uid>-<package>`).
 */
const RUN_ONCE_FOLDERS = [
  /[\\/]pnpm(-cache)?[\\/]dlx[\\/]/,
  /[\\/]xfs-[0-9a-f]+[\\/]dlx-\d+[\\/]/,
  /[\\/]\.bun[\\/]install[\\/]cache[\\/]/,
  /[\\/]bunx-\d+-[^\\/]+[\\/]/,
];

/**
 * Whether `path` lies inside npm's cache (`~/.npm/_npx`, `_cacache`, or the configured cache), or another package
 * manager's folder of what it runs once (`pnpm dlx`, `yarn dlx`, `bunx`).
 */
export function isInNpmCache(path: string, env: NodeJS.ProcessEnv = processEnv()): boolean {
  if (/[\\/](_npx|_cacache)[\\/]/.test(path)) return true;
  if (RUN_ONCE_FOLDERS.some((folder) => folder.test(path))) return true;
  const cache = env.npm_config_cache;
  return Boolean(cache) && resolve(path).startsWith(resolve(cache!) + sep);
}

/**
 * Checks a `file:` spec before anything is written (relative paths start
 * from the app's folder, as npm reads them) and says what to write instead
 * when it lies in npm's cache: `file:./<tarball>`, a copy in the app.
 *
 * @example
 * planLocalFramework("file:/tmp/gh-app-kit-1.0.0.tgz", "/work/my-app"); // { kind: "tarball", spec: "file:/tmp/...", copy: false }
 */
export function planLocalFramework(spec: string, directory: string, env?: NodeJS.ProcessEnv): LocalFramework {
  if (!spec.startsWith("file:")) {
    if (!isNpmSpec(spec)) {
      throw new AppError("OPTION_INVALID", `--framework ${spec} is not an npm spec npm can install.`, {
        hint: "Give a version or range (^1.0.0), a dist-tag (latest), a URL (git+https://..., https://.../x.tgz) or file: with a folder or a tarball made by npm pack.",
      });
    }
    return { kind: "registry", spec };
  }
  const given = spec.slice("file:".length).replace(/^\/\/(?=\/)/, "");
  const path = isAbsolute(given) ? given : resolve(directory, given);
  const copy = isInNpmCache(path, env);
  if (TARBALL.test(path) && isFile(path)) {
    return { kind: "tarball", path, copy, spec: copy ? `file:./${basename(path)}` : spec };
  }
  if (existsSync(join(path, "package.json"))) {
    return { kind: "folder", path, copy, spec: copy ? `file:./${packedName(path)}` : spec };
  }
  throw new AppError("OPTION_INVALID", `--framework ${spec}: there is no package or tarball at ${path}.`, {
    hint:
      "Give a gh-app-kit folder or a tarball made by npm pack (a relative path starts from the app's folder), " +
      "e.g. file:../gh-app-kit or file:/tmp/gh-app-kit-0.0.0-development.tgz, or a version such as ^1.0.0.",
  });
}

/** Puts the copy a plan asks for into the app's folder: the tarball, or the folder packed with npm pack. */
export async function placeLocalFramework(plan: LocalFramework, directory: string): Promise<void> {
  if (plan.kind === "registry" || !plan.copy) return;
  await mkdir(directory, { recursive: true });
  if (plan.kind === "tarball") {
    await copyFile(plan.path, join(directory, basename(plan.path)));
    return;
  }
  try {
    await promisify(execFile)(
      "npm",
      ["pack", plan.path, "--pack-destination", directory, "--ignore-scripts", "--silent"],
      {
        cwd: directory,
        shell: process.platform === "win32",
      },
    );
  } catch (cause) {
    throw new AppError("INSTALL_FAILED", `npm pack could not copy gh-app-kit from npm's cache (${plan.path}).`, {
      hint: "Pass --framework with a released version (e.g. ^1.0.0) or a tarball outside npm's cache.",
      cause,
    });
  }
}

/**
 * The `overrides` a new or migrated app needs to install without warnings:
 * the framework's own (its package.json), e.g. a dependency's dependency
 * pinned to a release that supports every Node line of `engines`.
 */
export function frameworkOverrides(root: string = findFrameworkRoot()): PackageOverrides {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { overrides?: unknown };
  return readPackageOverrides(manifest.overrides);
}

/** npm pack's file name for a folder's package: `@scope/name` 1.0.0 gives scope-name-1.0.0.tgz. */
function packedName(folder: string): string {
  const { name, version } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as {
    name: string;
    version: string;
  };
  return `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * What npm takes after `gh-app-kit@`: a version or range, a dist-tag, a URL or another protocol
 * (git+https:, github:, npm:, ...), or GitHub's owner/repo. Checked before anything is written.
 */
function isNpmSpec(spec: string): boolean {
  if (semver.validRange(spec) !== null) return true;
  return (
    /^[A-Za-z][\w.-]*$/.test(spec) || // a dist-tag
    /^[a-z][a-z0-9+.-]*:\S+$/i.test(spec) || // a URL or protocol
    /^[\w.-]+\/[\w.-]+(#\S*)?$/.test(spec) // owner/repo on GitHub
  );
}
