import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));

export const REPO = resolve(here, "../../..");
/** The runtimes' own package (deno, bun, wrangler, next, …), installed by `.ci/run`. */
export const DEPS = resolve(here, "../.deps");
/** Where the packed package and the fixtures are installed (inside DEPS, so they find its runtimes). */
export const WORK = join(DEPS, "work");
const FIXTURES = resolve(here, "../fixtures");

export function bin(name: string): string {
  return join(DEPS, "node_modules", ".bin", name);
}

/**
 * Skips the suite (with a line saying so) when the runtimes are not installed
 * here; with RUNTIME_TESTS=required (as in `.ci/run`) that is a failure instead.
 */
export function requireRuntimes(suite: Mocha.Suite, ...names: string[]): void {
  // Installed by `npm ci --prefix test/runtimes/.deps`, as .ci/run does.
  const missing = names.filter((name) => !existsSync(join(DEPS, "node_modules", name, "package.json")));
  if (missing.length === 0) return;
  const line = `${missing.join(", ")} not installed: run \`npm ci --prefix test/runtimes/.deps\` to test in them`;
  if (process.env.RUNTIME_TESTS === "required") throw new Error(line);
  suite.beforeAll(function () {
    console.log(`    (skipped: ${line})`);
    this.skip();
  });
}

let prepared: Promise<string> | undefined;

/**
 * Packs the package as `npm pack` would publish it (build `dist/` first),
 * installs the tarball in WORK, and copies the fixtures there. Once per process;
 * the install is kept while the tarball stays the same. Resolves WORK.
 */
export function preparePackedFixture(): Promise<string> {
  prepared ??= prepare();
  return prepared;
}

async function prepare(): Promise<string> {
  const packs = join(DEPS, "packs");
  await rm(packs, { recursive: true, force: true });
  await mkdir(packs, { recursive: true });
  await mkdir(WORK, { recursive: true });
  const { stdout } = await run("npm", ["pack", "--silent", "--pack-destination", packs], { cwd: REPO });
  const tarball = join(packs, stdout.trim().split("\n").pop()!);
  const hash = createHash("sha256")
    .update(await readFile(tarball))
    .digest("hex");
  const stamp = join(WORK, ".packed-sha256");
  const installed = existsSync(stamp) && (await readFile(stamp, "utf8")) === hash;
  if (!installed) {
    await writeFile(join(WORK, "package.json"), JSON.stringify({ name: "fixtures", private: true, type: "module" }));
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--no-save", tarball], {
      cwd: WORK,
      maxBuffer: 16 * 1024 * 1024,
    });
    await writeFile(stamp, hash);
  }
  for (const entry of await readdir(FIXTURES)) {
    await cp(join(FIXTURES, entry), join(WORK, entry), { recursive: true, force: true });
  }
  return WORK;
}
