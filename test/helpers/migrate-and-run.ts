import { execFile } from "node:child_process";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrateApp } from "../../src/migrate/migrate-app.js";

/**
 * Writes a Probot app of one script (`run.js`, depending on `probot` at `probotRange`) into
 * `dir`, migrates it, links this checkout (built) as its gh-app-kit, as npm would install it,
 * and runs the script: resolves with its standard output.
 *
 * @example
 * const output = await migrateAndRun(dir, "^10.17.2", 'const { Probot } = require("probot"); ...');
 */
export async function migrateAndRun(dir: string, probotRange: string, script: string): Promise<string> {
  await writeFile(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "run", dependencies: { probot: probotRange } })}\n`,
  );
  await writeFile(join(dir, "run.js"), script);
  await migrateApp({ directory: dir, framework: "^1.0.0" });
  await mkdir(join(dir, "node_modules"), { recursive: true });
  await symlink(fileURLToPath(new URL("../..", import.meta.url)), join(dir, "node_modules/gh-app-kit"), "dir");
  return new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      ["run.js"],
      { cwd: dir, timeout: 30_000, env: { PATH: process.env.PATH, LOG_LEVEL: "fatal" } },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    ),
  );
}
