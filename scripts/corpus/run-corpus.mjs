#!/usr/bin/env node
// Runs public Probot apps (scripts/corpus/apps.json) with their own test suites: on their own
// Probot (the baseline), then after `app migrate` against this checkout. Needs the apps' public
// repositories (a local mirror or a clone), so neither `npm test` nor CI runs it.
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { changedFiles, compareParse, readSources } from "./lib/check-migrate.mjs";
import { run } from "./lib/proc.mjs";
import { readResults, reporterArgs, runnerBin } from "./lib/results.mjs";
import { describe, lostTests, printTable, readPreviousRow, replacer, summarizeReport } from "./lib/report.mjs";
import { appFolder, checkout, dropDependencies, replaceGitDependencies } from "./lib/source.mjs";
import { install, readStaleLockfile } from "./lib/install.mjs";
import { HELP } from "./lib/help.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");

async function main() {
  const { values } = parseArgs({
    options: {
      mirrors: { type: "string" },
      clone: { type: "boolean", default: false },
      work: { type: "string", default: path.join(os.tmpdir(), "gh-app-kit-corpus") },
      only: { type: "string" },
      phases: { type: "string", default: "baseline,migrated" },
      "check-migrate": { type: "boolean", default: false },
      tarball: { type: "string" },
      node: { type: "string" },
      "jest-vm-modules": { type: "boolean", default: false },
      installed: { type: "boolean", default: false },
      jest: { type: "string" },
      timeout: { type: "string", default: "900" },
      json: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return void process.stdout.write(HELP);
  if (!values.mirrors && !values.clone) fail("Say where the apps come from: --mirrors DIR or --clone (see --help).");
  if (values.mirrors && !existsSync(values.mirrors)) fail(`--mirrors ${values.mirrors}: no such folder.`);
  const corpus = JSON.parse(readFileSync(path.join(HERE, "apps.json"), "utf8")).apps;
  const only = values.only?.split(",").filter(Boolean);
  const unknown = only?.filter((id) => !corpus.some((a) => a.id === id)) ?? [];
  if (unknown.length > 0) fail(`--only: no app ${unknown.join(", ")} in apps.json.`);
  const apps = only ? corpus.filter((a) => only.includes(a.id)) : corpus;
  const work = path.resolve(values.work);
  mkdirSync(path.join(work, "git"), { recursive: true });
  const opts = {
    ...values,
    work,
    timeoutMs: Number(values.timeout) * 1000,
    phases: values.phases.split(","),
    env: values.node ? { PATH: `${path.resolve(values.node)}${path.delimiter}${process.env.PATH}` } : {},
  };
  const migrates = values["check-migrate"] || opts.phases.includes("migrated");
  if (migrates && !existsSync(path.join(ROOT, "bin", "run.js")))
    fail(
      `No ${path.join(ROOT, "bin", "run.js")}: run this script from a checkout (or an unpacked tarball) with its bin/.`,
    );
  if (migrates) opts.tarball = await tarball(opts);
  opts.framework = (
    await run("git", ["rev-parse", "--short", "HEAD"], {
      cwd: ROOT,
      logFile: path.join(work, "pack.log"),
      captureStdout: true,
    })
  ).stdout.trim();
  process.stderr.write(`gh-app-kit ${opts.framework}${opts.tarball ? `, ${opts.tarball}` : ""}\n`);
  const rows = [];
  for (const app of apps) {
    const row = values["check-migrate"] ? await checkMigrate(app, opts) : await runApp(app, opts);
    rows.push(row);
    if (values.json) writeFileSync(values.json, JSON.stringify(rows, replacer, 2) + "\n");
  }
  printTable(rows, values["check-migrate"]);
  if (rows.some((r) => r.error)) process.exitCode = 1;
}

function fail(message) {
  process.stderr.write(`run-corpus: ${message}\n`);
  process.exit(2);
}

/**
 * The tarball to migrate to, as a copy named by its content: yarn 1 keeps a `file:` tarball in its
 * cache by the path the lock gives it, and installed a build of an earlier run from the same path.
 */
async function tarball(opts) {
  const made = await packedTarball(opts);
  const sha = createHash("sha1").update(readFileSync(made)).digest("hex").slice(0, 12);
  const named = path.join(opts.work, "pack-by-content", `gh-app-kit-${sha}.tgz`);
  mkdirSync(path.dirname(named), { recursive: true });
  if (!existsSync(named)) copyFileSync(made, named);
  return named;
}

async function packedTarball(opts) {
  if (opts.tarball) {
    if (!existsSync(opts.tarball)) fail(`--tarball ${opts.tarball}: no such file.`);
    return path.resolve(opts.tarball);
  }
  const logFile = path.join(opts.work, "pack.log");
  const build = await run("npm", ["run", "build"], { cwd: ROOT, logFile });
  if (build.code !== 0) fail(`npm run build failed, see ${logFile}`);
  const out = path.join(opts.work, "pack");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const pack = await run("npm", ["pack", "--pack-destination", out, "--json"], {
    cwd: ROOT,
    logFile,
    captureStdout: true,
  });
  if (pack.code !== 0) fail(`npm pack failed, see ${logFile}`);
  return path.join(out, JSON.parse(pack.stdout)[0].filename);
}

async function bring(app, opts, logFile) {
  const src = path.join(opts.work, app.id, "src");
  // The copy is made again when the commit or its shape (a subdir alone, or the whole tree) changes.
  const mark = app.monorepo && app.subdir ? `${app.commit} whole tree` : app.commit;
  if (!existsSync(path.join(src, ".commit")) || readFileSync(path.join(src, ".commit"), "utf8") !== mark) {
    const cacheDir = path.join(opts.work, "git");
    const why =
      (await checkout(app, { ...opts, dest: src, logFile, cacheDir })) ??
      (await replaceGitDependencies(app, appFolder(app, src), {
        ...opts,
        logFile,
        cacheDir,
        tarballs: path.join(opts.work, "deps"),
      })) ??
      dropDependencies(app, appFolder(app, src), { logFile });
    if (why) return { error: why };
    writeFileSync(path.join(src, ".commit"), mark);
  }
  return { src };
}

function copyOf(src, dir) {
  rmSync(dir, { recursive: true, force: true });
  cpSync(src, dir, { recursive: true, filter: (f) => path.basename(f) !== ".commit" });
}

async function migrate(dir, opts, logFile, extra = []) {
  const bin = path.join(ROOT, "bin", "run.js");
  const args = [bin, "migrate", dir, "--framework", `file:${opts.tarball}`, "--json", ...extra];
  const result = await run(process.execPath, args, { cwd: dir, logFile, captureStdout: true });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    report = undefined;
  }
  return { code: result.code, report };
}

async function suite(app, dir, opts, logFile, resultsFile) {
  rmSync(resultsFile, { force: true });
  const runner = app.runner;
  const command = app.testCommand ?? [
    runner === "node:test" ? "node" : path.join(dir, "node_modules", ".bin", runnerBin(runner)),
    ...(runner === "node:test" ? ["--test"] : []),
  ];
  const args = [
    ...command.slice(1),
    ...reporterArgs(app.testCommand ? "" : runner, resultsFile),
    ...(app.testArgs ?? []),
  ];
  // The variables an app's suite needs set (`env` in apps.json: what its .env would hold, never a secret).
  const env = { ...opts.env, ...app.env, CI: "true", FORCE_COLOR: "0", NO_COLOR: "1" };
  if (runner === "jest" && opts["jest-vm-modules"]) env.NODE_OPTIONS = "--experimental-vm-modules";
  // The Node options of the app's own test script (release-drafter runs jest under --experimental-vm-modules).
  if (app.nodeOptions) env.NODE_OPTIONS = app.nodeOptions;
  const result = await run(command[0], args, {
    cwd: dir,
    env,
    logFile,
    timeoutMs: opts.timeoutMs,
    captureStdout: true,
  });
  const parsed = readResults(runner, { resultsFile, stdout: result.stdout, root: dir });
  return { exit: result.timedOut ? "timeout" : result.code, ...(parsed ?? { error: "no results" }) };
}

async function runApp(app, opts) {
  const base = path.join(opts.work, app.id);
  mkdirSync(base, { recursive: true });
  const row = { id: app.id, repo: app.repo, commit: app.commit.slice(0, 7), probot: app.probot, runner: app.runner };
  row.framework = opts.phases.includes("migrated") ? opts.framework : undefined;
  const brought = await bring(app, opts, path.join(base, "checkout.log"));
  if (brought.error) {
    process.stderr.write(`${app.id}: ${brought.error}\n`);
    return { ...row, error: brought.error };
  }
  for (const phase of opts.phases) {
    // The app's own folder in the copy: `subdir` inside the whole tree of a `monorepo` entry.
    const tree = path.join(base, phase);
    const dir = appFolder(app, tree);
    const logFile = path.join(base, `${phase}.log`);
    rmSync(logFile, { force: true });
    copyOf(brought.src, tree);
    process.stderr.write(`${app.id}: ${phase}...\n`);
    if (phase === "migrated") {
      // As a user who has installed the app: the baseline's node_modules in place while it migrates (its typescript).
      const installed = path.join(appFolder(app, path.join(base, "baseline")), "node_modules");
      const linked = opts.installed && existsSync(installed);
      if (linked) symlinkSync(installed, path.join(dir, "node_modules"), "dir");
      const m = await migrate(dir, opts, logFile);
      if (linked) rmSync(path.join(dir, "node_modules"));
      writeFileSync(path.join(base, "migrate-report.json"), JSON.stringify(m.report ?? null, null, 2));
      row.migrate = summarizeReport(m);
      // No report: `app migrate` did not run to its end, and the copy may still be on the app's own
      // Probot. Its suite would measure the baseline again, so the phase is an error.
      if (!m.report) {
        row[phase] = { error: `app migrate gave no report (exit ${m.code}), see ${logFile}` };
        process.stderr.write(`${app.id}: ${phase}: ${row[phase].error}\n`);
        continue;
      }
    }
    // After the migration: what its report says of a stale lock (a file name), else install again.
    const again = phase === "migrated" && (readStaleLockfile(base) ?? true);
    const installed = await install(app, dir, opts, logFile, again);
    if (installed !== 0) {
      row[phase] = { error: `install failed (${installed}), see ${logFile}` };
      continue;
    }
    row[phase] = await suite(app, dir, opts, logFile, path.join(base, `${phase}-results.json`));
    process.stderr.write(`${app.id}: ${phase}: ${describe(row[phase])}\n`);
  }
  // A phase not run this time keeps its result from the last run at the same commit.
  const previous = readPreviousRow(base, app.commit);
  for (const phase of ["baseline", "migrated"]) if (!row[phase] && previous?.[phase]) row[phase] = previous[phase];
  if (!row.migrate && previous?.migrate) row.migrate = previous.migrate;
  if (row.baseline?.tests && row.migrated?.tests) row.lost = lostTests(row.baseline, row.migrated);
  writeFileSync(path.join(base, "row.json"), JSON.stringify(row, replacer, 2));
  return row;
}

async function checkMigrate(app, opts) {
  const base = path.join(opts.work, app.id);
  mkdirSync(base, { recursive: true });
  const logFile = path.join(base, "check-migrate.log");
  rmSync(logFile, { force: true });
  const row = { id: app.id, repo: app.repo, commit: app.commit.slice(0, 7), framework: opts.framework };
  const brought = await bring(app, opts, path.join(base, "checkout.log"));
  if (brought.error) return { ...row, error: brought.error };
  const dir = appFolder(app, path.join(base, "check"));
  copyOf(brought.src, path.join(base, "check"));
  const before = readSources(dir);
  const first = await migrate(dir, opts, logFile);
  const once = readSources(dir);
  const pkgOnce = readFileSync(path.join(dir, "package.json"), "utf8");
  const second = await migrate(dir, opts, logFile);
  const twice = readSources(dir);
  const pkgChanged = readFileSync(path.join(dir, "package.json"), "utf8") !== pkgOnce;
  return {
    ...row,
    migrate: summarizeReport(first),
    parse: compareParse(before, once),
    secondRun: { exit: second.code, changed: [...changedFiles(once, twice), ...(pkgChanged ? ["package.json"] : [])] },
  };
}

await main();
