import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bareEnv } from "./child-env.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The jest majors test/package/commonjs.test.ts runs the package under (26 and 27 know no "exports"). */
export const JEST_MAJORS = [21, 22, 26, 27, 29, 30] as const;

/** Runs a command with a bare environment (test/helpers/child-env.ts); resolves with its code and output. */
export function exec(
  file: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number },
) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(file, args, { maxBuffer: 1 << 24, ...options, env: bareEnv(options.env) }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The TypeScript 4 releases test/package/typescript-4.test.ts compiles an app with: the oldest that reads the types, and the last. */
export const TYPESCRIPT_4 = ["4.7.4", "4.9.5"] as const;

/** The oldest TypeScript `app migrate` checks payload types with (src/migrate/typescript/load-typescript.ts). */
export const TYPESCRIPT_OLDEST_CHECKED = "4.3.5";

/**
 * jest \`major\` from the npm registry, installed once per checkout in node_modules/.cache (about
 * 15 s the first time) and reused by later runs, the smoke runs on other Node lines among them.
 */
export function jestBin(major: number): Promise<string> {
  return cachedBin(`jest@${major}`, `jest${major}`, "jest/bin/jest.js");
}

/** TypeScript \`version\` (its tsc), installed as jestBin installs jest. */
export function typescriptBin(version: string): Promise<string> {
  return cachedBin(`typescript@${version}`, `typescript${version}`, "typescript/bin/tsc");
}

/** Yarn 4 (its one-file build from the npm registry), for test/package/yarn-pnp.test.ts. */
export function yarnBin(): Promise<string> {
  return cachedBin("@yarnpkg/cli-dist@4", "yarn4", "@yarnpkg/cli-dist/bin/yarn.js");
}

/** Yarn 1 from the npm registry, for the apps `app new` makes for yarn 1 (test/commands/new-package-managers.test.ts). */
export function yarn1Bin(): Promise<string> {
  return cachedBin("yarn@1", "yarn1", "yarn/bin/yarn.js");
}

/** pnpm 9 from the npm registry, for test/package/pnpm.test.ts. */
export function pnpmBin(): Promise<string> {
  return cachedBin("pnpm@9", "pnpm9", "pnpm/bin/pnpm.cjs");
}

/** Where pnpm keeps the packages it fetched (its store), shared by the runs of one checkout. */
export const PNPM_STORE = join(root, "node_modules", ".cache", "gh-app-kit-test-tools", "pnpm-store");

/** Where yarn keeps the packages it fetched, shared by the runs of one checkout. */
export const YARN_CACHE = join(root, "node_modules", ".cache", "gh-app-kit-test-tools", "yarn-cache");

/**
 * A package the tests run as a separate tool, installed into node_modules/.cache/gh-app-kit-test-tools/\`name\`
 * once per checkout, not in the root package.json (two TypeScripts there would fight over node_modules/.bin/tsc).
 * \`.ci/run\` installs them beside \`npm test\` (test/helpers/install-test-tools.ts).
 */
async function cachedBin(spec: string, name: string, file: string): Promise<string> {
  const folder = join(root, "node_modules", ".cache", "gh-app-kit-test-tools", name);
  const bin = join(folder, "node_modules", file);
  if (existsSync(bin)) return bin;
  await mkdir(join(folder, ".."), { recursive: true });
  const staging = await mkdtemp(`${folder}-`);
  await writeFile(join(staging, "package.json"), '{ "private": true }\n');
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const installed = await exec(npm, ["install", spec, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: staging,
    timeout: 300_000,
  });
  if (installed.code !== 0) throw new Error(`npm install ${spec} failed: ${installed.stderr}`);
  // Another run may have finished first: either copy will do.
  await rename(staging, folder).catch(() => rm(staging, { recursive: true, force: true }));
  return bin;
}
