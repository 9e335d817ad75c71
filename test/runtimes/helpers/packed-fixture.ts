import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
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
 * installs the tarball in WORK, and copies the fixtures there. Once per test run:
 * mocha's parallel workers (processes of one run share GH_APP_KIT_TEST_TEMP_ROOT,
 * test/helpers/temp-root.ts) take turns through a lock, and the first one prepares.
 * The install is kept while the tarball stays the same. Resolves WORK.
 */
export function preparePackedFixture(): Promise<string> {
  prepared ??= withLock(async () => {
    const run = process.env.GH_APP_KIT_TEST_TEMP_ROOT ?? `pid ${process.pid}`;
    const marker = join(WORK, ".prepared-for");
    if (existsSync(marker) && (await readFile(marker, "utf8")) === run) return WORK;
    await prepare();
    await writeFile(marker, run);
    return WORK;
  });
  return prepared;
}

/** Runs `work` holding a lock folder in DEPS (mkdir is atomic); one left by a killed run expires after 10 minutes. */
async function withLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(DEPS, ".packed-fixture.lock");
  await mkdir(DEPS, { recursive: true });
  for (const deadline = Date.now() + 900_000; ;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > 600_000) await rm(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`${lock} was held for 15 minutes: remove it if no test run is going`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
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
