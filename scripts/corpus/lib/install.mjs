// Installing an app of the corpus: its own way for the baseline, and after the migration what the
// migration's report asks for.
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { run } from "./proc.mjs";

export async function install(app, dir, opts, logFile, again) {
  let code = await installDependencies(app, dir, opts, logFile, again);
  // The one install script a suite needs (installs run with --ignore-scripts).
  if (code === 0 && app.prepare)
    code = (await run(app.prepare[0], app.prepare.slice(1), { cwd: dir, env: opts.env, logFile })).code;
  if (code !== 0 || app.runner !== "jest" || !opts.jest) return code;
  // The runner change of --jest, the same in both phases.
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  const tsJest = { ...pkg.dependencies, ...pkg.devDependencies }["ts-jest"] ? ["ts-jest@29.4"] : [];
  const args = ["install", "--no-save", "--ignore-scripts", "--no-audit", "--no-fund", `jest@${opts.jest}`, ...tsJest];
  return (await run("npm", args, { cwd: dir, env: opts.env, logFile, timeoutMs: opts.timeoutMs })).code;
}

async function installDependencies(app, dir, opts, logFile, again) {
  // A lock that names versions the registry no longer serves, or a yarn.lock whose versions npm
  // places so that they no longer load together (`dropLock` names the file): npm resolves the ranges afresh.
  if (app.dropLock) {
    const lock = typeof app.dropLock === "string" ? app.dropLock : "package-lock.json";
    rmSync(path.join(dir, lock), { force: true });
  }
  // After the migration, as its report says when the lock still places probot ("The lockfile"):
  // rm -rf node_modules <lock> && npm install.
  if (typeof again === "string") {
    rmSync(path.join(dir, again), { force: true });
    rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
  }
  // `install` "yarn install" or "pnpm install": the app's own package manager, from the npm registry.
  const tool = PACKAGE_MANAGERS[app.install.split(" ")[0]];
  if (tool) return installWith(tool, app, dir, opts, logFile);
  // `installFlags` in apps.json: npm flags an app's own install needs, in both phases.
  const flags = ["--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error", ...(app.installFlags ?? [])];
  const hasLock = existsSync(path.join(dir, "package-lock.json"));
  const ci = app.install === "npm ci" && hasLock && !again;
  const env = opts.env;
  const first = await run("npm", [ci ? "ci" : "install", ...flags], {
    cwd: dir,
    env,
    logFile,
    timeoutMs: opts.timeoutMs,
  });
  if (first.code !== 0 || !again || !hasLock) return first.code;
  // After the migration: install once more on a fresh node_modules, so npm places the
  // dependencies by the lock file it just rewrote (docs/migrating.md, "The lockfile").
  rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
  return (await run("npm", ["install", ...flags], { cwd: dir, env, logFile, timeoutMs: opts.timeoutMs })).code;
}

// yarn 1 (classic) and pnpm 9 (or the pnpm major of the app's `packageManager`), each run through
// npx from the npm registry.
const PACKAGE_MANAGERS = {
  yarn: { spec: "yarn@1.22.22", args: ["install", "--ignore-scripts", "--non-interactive", "--no-progress"] },
  // As a user runs it on their machine: pnpm updates the lock to the migrated package.json
  // (in CI, pnpm would refuse a lock out of date with it: --frozen-lockfile is its default there).
  // pnpm 10 would switch to the exact release `packageManager` names, which it refuses when the
  // registry serves no signature of it: the major fetched here runs the install.
  pnpm: {
    spec: "pnpm@9",
    args: [
      "install",
      "--ignore-scripts",
      "--no-frozen-lockfile",
      "--reporter=append-only",
      "--config.manage-package-manager-versions=false",
    ],
  },
};

/**
 * The app's own `yarn install` or `pnpm install`, in both phases, with its lock as it is: `app migrate`
 * prunes only npm's locks and its report asks nothing of a yarn.lock or pnpm-lock.yaml, so the
 * package manager itself resolves gh-app-kit in place of probot and rewrites the lock.
 */
async function installWith(tool, app, dir, opts, logFile) {
  const declared = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).packageManager;
  const major = /^pnpm@(\d+)\./.exec(typeof declared === "string" ? declared : "")?.[1];
  const spec = tool.spec.startsWith("pnpm@") && major ? `pnpm@${major}` : tool.spec;
  const args = ["-y", spec, ...tool.args, ...(app.installFlags ?? [])];
  return (await run("npx", args, { cwd: dir, env: opts.env, logFile, timeoutMs: opts.timeoutMs })).code;
}

/** The lockfile the last migration's report calls stale (it still places probot), if any. */
export function readStaleLockfile(base) {
  try {
    const stale = JSON.parse(readFileSync(path.join(base, "migrate-report.json"), "utf8"))?.staleLockfile;
    return typeof stale === "string" && stale !== "" ? stale : undefined;
  } catch {
    return undefined;
  }
}
