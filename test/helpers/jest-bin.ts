import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bareEnv } from "./child-env.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The jest majors test/package/commonjs.test.ts runs the package under (26 and 27 know no "exports"). */
export const JEST_MAJORS = [26, 27, 29, 30] as const;

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

/**
 * jest `major` from the npm registry, installed once per checkout in node_modules/.cache (about
 * 15 s the first time) and reused by later runs, the smoke runs on other Node lines among them.
 * `.ci/run` installs them beside `npm test` (test/helpers/install-test-jest.ts).
 */
export async function jestBin(major: number): Promise<string> {
  const folder = join(root, "node_modules", ".cache", "gh-app-kit-test-jest", `jest${major}`);
  const bin = join(folder, "node_modules/jest/bin/jest.js");
  if (existsSync(bin)) return bin;
  await mkdir(join(folder, ".."), { recursive: true });
  const staging = await mkdtemp(`${folder}-`);
  await writeFile(join(staging, "package.json"), '{ "private": true }\n');
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const installed = await exec(npm, ["install", `jest@${major}`, "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: staging,
    timeout: 300_000,
  });
  if (installed.code !== 0) throw new Error(`npm install jest@${major} failed: ${installed.stderr}`);
  // Another run may have finished first: either copy will do.
  await rename(staging, folder).catch(() => rm(staging, { recursive: true, force: true }));
  return bin;
}
