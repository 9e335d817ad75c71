import { baseClassMembers, findContextClasses, type BaseClassMembers } from "./context-base-classes.js";
import { readFile, writeFile } from "node:fs/promises";
import semver from "semver";
import { admitsFrom, versionBefore } from "./version-ranges.js";
import { join, posix, resolve, sep } from "node:path";
import { AppError } from "../errors.js";
import { dropHelperReports, entryModules } from "./app-helpers.js";
import { createUnifiedDiff } from "./create-unified-diff.js";
import { findOutsideLinks, findSnapshotFiles, findSourceFiles } from "./find-source-files.js";
import { readAppLockfiles, type AppLockfiles } from "./app-lockfiles.js";
import { findProbotDependents } from "./find-probot-dependents.js";
import { findCommandFiles, migrateCommandFile } from "./migrate-command-files.js";
import { moveCommandStrings } from "./migrate-command-strings.js";
import { migrateLockfile, type PrunedLockfile } from "./migrate-lockfile.js";
import { migrateNestedPackages } from "./nested-packages.js";
import { migratePackageJson } from "./migrate-package-json.js";
import { isWrittenAsModule } from "./tap-esm-loader.js";
import { reportOldTypeScript } from "./report-old-typescript.js";
import { reportWildcardPaths } from "./report-wildcard-paths.js";
import { es5Target, reportEs5Subclasses } from "./report-es5-subclass.js";
import { ownOldOctokitRest, reportOctokitRestTypes } from "./report-octokit-rest-type.js";
import { findProbotDependencies } from "./report-probot-dependencies.js";
import { migrateSource } from "./migrate-source.js";
import { compilesToCommonJs } from "./typescript-module.js";
import { readManifest } from "./read-manifest.js";
import { appPackageManager } from "./app-package-manager.js";
import type { PackageManagerName } from "../scaffold/package-manager.js";
import { encodeSource, readSource, type SourceEncoding } from "./source-text.js";
import { renameSnapshotNumbers, snapshotNumberTarget } from "./probot-9-expectations.js";
import { splitByteOrderMark } from "../helpers/byte-order-mark.js";
import { assertPayloadFields } from "./typescript/assert-payload-fields.js";
import { SOURCE_EXTENSIONS } from "./parse-source.js";
import type { RouterParam } from "./router-handoffs.js";
import type { RouterHandoff } from "./router-values.js";
import { ACTIONS_ADAPTER_V1, ADAPTER_MODULES, ADAPTER_TARGETS, DEPENDENCY_FIELDS } from "./probot-names.js";
import type { Change, Problem, ProbotAliases } from "./source-types.js";
import { findProbotReExports, probotAliases } from "./probot-reexports.js";
import type { PackageOverrides } from "../helpers/package-overrides.js";

export type MigrateAppOptions = {
  /** The app's folder, the one with its package.json. */
  directory: string;
  /** npm spec of the gh-app-kit dependency, e.g. "^1.0.0" or "file:/path/to/gh-app-kit". */
  framework: string;
  /** Compute and report, write nothing. */
  dryRun?: boolean | undefined;
  /** Written to package.json's `overrides` with the framework (see scaffold/local-framework.ts). */
  overrides?: PackageOverrides | undefined;
};

export type FileReport = {
  file: string;
  changes: Change[];
  problems: Problem[];
  /** The parser's message for a file that could not be read as JavaScript or TypeScript. */
  error?: string;
  /** Why the file's new text could not be written (it was left as it was). */
  writeError?: string;
};

export type MigrationReport = {
  directory: string;
  framework: string;
  dryRun: boolean;
  /** Files read (package.json and every source file). */
  scanned: number;
  /** Files with changes, problems or errors, in the order they were read. */
  files: FileReport[];
  /** Unified diff of every change, with paths relative to `directory`. */
  diff: string;
  /**
   * The npm lockfile that still places probot's dependencies and must be made again, if any: one
   * without a `packages` map (v1), or unreadable. From a v2 or v3 lock, probot's part is removed.
   */
  staleLockfile?: string;
  /** True when `staleLockfile` is stale because npm cannot read it: not JSON, or not a lockfile's shape (it may not name probot at all). */
  staleLockfileNotJson?: boolean;
  /** Then why: `is not valid JSON`, `holds null, not a lockfile`, `is not a lockfile npm can read: packages[...] holds null`. */
  staleLockfileUnreadable?: string;
  /** The app's package manager (package.json's `packageManager`, else its lockfile), for the next step's commands. */
  packageManager?: PackageManagerName;
  /** The lockfile its install updates. */
  lockfile?: string;
};

export async function migrateApp(options: MigrateAppOptions): Promise<MigrationReport> {
  const directory = resolve(options.directory);
  const manifestPath = join(directory, "package.json");
  // npm's JSON parser drops a byte order mark, as Windows editors write it; so does the move, and puts it back.
  const [bom, manifest] = splitByteOrderMark(await readManifest(directory, manifestPath));
  const extensions = hasExtensions(manifest);
  const { name: packageManager, lockfile } = appPackageManager(
    directory,
    JSON.parse(manifest) as Record<string, unknown>,
  );
  const report: MigrationReport = {
    directory,
    framework: options.framework,
    dryRun: Boolean(options.dryRun),
    scanned: 1,
    files: [],
    diff: "",
    packageManager,
    lockfile,
  };
  const diffs: string[] = [];
  const writes: Array<[file: string, code: string | Buffer]> = [];
  const encodings = new Map<string, SourceEncoding>();
  const record = (file: string, before: string, after: SourceResult) => {
    if (after.code !== before) {
      try {
        writes.push([file, encodeSource(after.code, encodings.get(file) ?? "utf8")]);
        diffs.push(createUnifiedDiff(file, before, after.code));
      } catch (error) {
        after = { code: before, changes: [], problems: [], error: (error as Error).message };
      }
    }
    if (after.changes.length + after.problems.length > 0 || after.error) {
      report.files.push({
        file,
        changes: after.changes,
        problems: after.problems,
        ...(after.error ? { error: after.error } : {}),
      });
    }
  };
  // Sources first: package.json gains the framework when a file imports probot that it does not declare.
  const sources: Array<[file: string, before: string, after: SourceResult]> = [];
  const texts: Array<[file: string, code: string]> = [];
  const links: string[] = [];
  for (const file of await findSourceFiles(directory, links)) {
    const { text, encoding } = await readSource(join(directory, file));
    encodings.set(file, encoding);
    texts.push([file, text]);
  }
  const byFile = new Map(texts.map((entry, index) => [entry[0], index]));
  const resolveIn = (from: string, module: string) => resolveModule(from, module, byFile);
  const fileOf = (from: string, to: string) => texts[resolveIn(from, to) ?? -1]?.[0];
  const aliasesOf = probotAliases(findProbotReExports(texts), fileOf);
  const basesOf = baseClassMembers(findContextClasses(texts), fileOf);
  const middlewareAtRoot = probotBefore(manifest, "13.0.0");
  const contentsPathSlashes = probotBefore(manifest, "10.0.0");
  const lockfiles = await readAppLockfiles(directory);
  const configWithoutOwnerRepo = probotOlderThan(manifest, lockfiles, "9.3.0");
  const commonJsTypeScript = await compilesToCommonJs(directory, manifest);
  const sharedOf = (file: string) => ({
    aliases: aliasesOf(file),
    bases: basesOf(file),
    middlewareAtRoot,
    contentsPathSlashes,
    configWithoutOwnerRepo,
    probot9Client: contentsPathSlashes,
    commonJsTypeScript,
  });
  for (const [file, before] of texts) {
    report.scanned++;
    let after: SourceResult;
    try {
      after = migrateSource(file, before, { extensions, ...sharedOf(file) });
    } catch (error) {
      after = { code: before, changes: [], problems: [], error: (error as Error).message };
    }
    sources.push([file, before, after]);
  }
  followRouterHandoffs(sources, extensions, sharedOf);
  const entries = entryModules(manifest).map((module) => resolveIn("package.json", module));
  dropHelperReports(sources, new Set(entries.filter((index) => index !== undefined)), resolveIn);
  const target = await es5Target(directory);
  if (target !== undefined)
    for (const [file, before, after] of sources) after.problems.push(...reportEs5Subclasses(file, before, target));
  const ownRest = ownOldOctokitRest(manifest);
  if (ownRest !== undefined)
    for (const [file, before, after] of sources) after.problems.push(...reportOctokitRestTypes(file, before, ownRest));
  // After the renames, with the app's own compiler: payload fields now typed nullable get their `!`.
  const payloadReport = assertPayloadFields(directory, sources);
  const importer = sources.find(([, , after]) =>
    after.changes.some((c) => [...ADAPTER_TARGETS].some((module) => c.text.includes(`→ "${module}"`))),
  );
  let moved: SourceResult;
  let probotDependencies: Awaited<ReturnType<typeof findProbotDependencies>>;
  try {
    const replaced = replacedPackages(sources);
    // What only probot and the adapters the migration drops brought goes with them.
    const dropped = new Set(replaced.keys());
    probotDependencies = await findProbotDependencies(directory, manifest, sources, lockfiles, dropped);
    moved = migratePackageJson(manifest, options.framework, {
      overrides: options.overrides,
      importedBy: importer?.[0],
      replaced,
      yarnLock: lockfiles.yarn,
      declare: probotDependencies.declarations,
      webhookAtRoot: middlewareAtRoot,
      tapEsm: {
        moduleSyntaxIn: /"type"\s*:\s*"module"/.test(manifest)
          ? undefined
          : texts.find(([file, code]) => isWrittenAsModule(file, code))?.[0],
        taprc: await readFile(join(directory, ".taprc"), "utf8").catch(() => undefined),
      },
    });
  } catch (error) {
    throw new AppError("PACKAGE_JSON_INVALID", `${manifestPath} is not valid JSON: ${(error as Error).message}`, {
      hint: "Fix package.json, then run app migrate again.",
    });
  }
  // JSON that migratePackageJson read: a dependency that keeps its own probot is reported there.
  moved.problems.push(...(await findProbotDependents(directory, manifest, lockfiles)));
  if (moved.code !== manifest) {
    moved.problems.push(...(await reportOldTypeScript(directory, manifest, lockfiles)));
    moved.problems.push(...(await reportWildcardPaths(directory, manifest)));
  }
  payloadReport(moved.problems);
  probotDependencies.report(moved);
  record("package.json", bom + manifest, { ...moved, code: bom + moved.code });
  for (const [file, before, after] of sources) record(file, before, withCommandStrings(file, after, middlewareAtRoot));
  if (contentsPathSlashes) {
    const sourceOf = (file: string) => texts[byFile.get(file) ?? -1]?.[1];
    for (const file of await findSnapshotFiles(directory)) {
      report.scanned++;
      const { text: before, encoding } = await readSource(join(directory, file));
      encodings.set(file, encoding);
      const testFile = file.replace(/(^|\/)__snapshots__\/([^/]+)\.snap$/, "$1$2");
      const target = snapshotNumberTarget(testFile, sourceOf(testFile));
      if (target) record(file, before, { ...renameSnapshotNumbers(before, target), problems: [] });
    }
  }
  for (const file of await findCommandFiles(directory)) {
    report.scanned++;
    const { text: before, encoding } = await readSource(join(directory, file));
    encodings.set(file, encoding);
    record(file, before, migrateCommandFile(before, { webhookAtRoot: middlewareAtRoot }));
  }
  const locks: PrunedLockfile[] = [];
  // A nested package's own probot says where its `probot run` took deliveries; one that declares none runs the app's.
  const nestedAtRoot = (nested: string) =>
    probotRanges(nested).length > 0 ? probotBefore(nested, "13.0.0") : middlewareAtRoot;
  for (const nested of await migrateNestedPackages(directory, options.framework, options.overrides, nestedAtRoot)) {
    report.scanned++;
    if (nested.lock) locks.push(nested.lock);
    record(nested.file, nested.before, nested.after);
  }
  for (const { file, target } of await findOutsideLinks(directory, links)) {
    report.files.push({
      file,
      changes: [],
      problems: [
        {
          message: `a link to ${target}, outside the app, whose files name probot: left as they were`,
          hint: "Run app migrate where those files are (or copy them into the app), or rename by hand",
        },
      ],
    });
  }
  report.diff = diffs.join("");
  const lock = migrateLockfile(lockfiles, moved.code);
  if (lock && "stale" in lock) {
    report.staleLockfile = lock.file;
    if (lock.unreadable !== undefined) {
      report.staleLockfileNotJson = true;
      report.staleLockfileUnreadable = lock.unreadable;
    }
  } else if (lock) locks.unshift(lock);
  for (const { file, text, change } of locks) {
    // Not in the diff: hundreds of lines of lock entries tell a reader nothing.
    writes.push([file, text]);
    report.files.push({ file, changes: [{ line: 0, text: change }], problems: [] });
  }
  if (!report.dryRun) await writeAll(directory, writes, report);
  return report;
}

/**
 * Each file on its own: one that cannot be written (read-only, immutable, a full disk) is listed
 * with its reason and the rest are written. A second run changes nothing in those, so it finishes
 * the work once the file is writable.
 */
async function writeAll(
  directory: string,
  writes: Array<[file: string, code: string | Buffer]>,
  report: MigrationReport,
) {
  for (const [file, code] of writes) {
    try {
      await writeFile(join(directory, file), code);
    } catch (error) {
      const { code: reason, message } = error as NodeJS.ErrnoException;
      const entry = report.files.find((f) => f.file === file) ?? { file, changes: [], problems: [] };
      if (!report.files.includes(entry)) report.files.push(entry);
      entry.changes = [];
      entry.writeError =
        `could not be written (${reason ?? message}): make it writable, then run app migrate again ` +
        "(the files it wrote are not changed again)";
    }
  }
}

type SourceResult = {
  code: string;
  changes: Change[];
  problems: Problem[];
  error?: string;
  handoffs?: RouterHandoff[];
  loaded?: Array<{ module: string; name: string }>;
};

/**
 * A file that passes a router of getRouter()'s to a function of another file (`require("./routes")(router)`),
 * or hands one to a loader (`createNodeMiddleware(appFunction)`): that file is read again knowing which of its
 * exports' parameters is the router, and which exports are loaded as app functions.
 */
function followRouterHandoffs(
  sources: Array<[file: string, before: string, after: SourceResult]>,
  extensions: boolean,
  sharedOf: (file: string) => {
    aliases: ProbotAliases | undefined;
    bases: BaseClassMembers | undefined;
    middlewareAtRoot: boolean;
    commonJsTypeScript: boolean;
  },
): void {
  const byFile = new Map(sources.map((entry, index) => [entry[0], index]));
  const again = new Map<number, { routerParams: RouterParam[]; loadedExports: Set<string> }>();
  const of = (index: number) =>
    again.get(index) ?? again.set(index, { routerParams: [], loadedExports: new Set() }).get(index)!;
  for (const [file, , after] of sources) {
    for (const { module, name, index } of after.handoffs ?? []) {
      const target = resolveModule(file, module, byFile);
      if (target !== undefined) of(target).routerParams.push({ name, index });
    }
    for (const { module, name } of after.loaded ?? []) {
      const target = resolveModule(file, module, byFile);
      if (target !== undefined) of(target).loadedExports.add(name);
    }
  }
  for (const [index, options] of again) {
    const [file, before] = sources[index] as [string, string, SourceResult];
    try {
      sources[index] = [file, before, migrateSource(file, before, { ...options, extensions, ...sharedOf(file) })];
    } catch {
      // unreadable: the first result says so
    }
  }
}

/** The app's file a relative module names: as written, with a source extension, or its folder's index. */
function resolveModule(from: string, module: string, files: Map<string, number>): number | undefined {
  const base = posix.join(posix.dirname(from.split(sep).join("/")), module);
  const stem = base.replace(/\.[cm]?[jt]sx?$/, "");
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((ext) => stem + ext),
    ...SOURCE_EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ];
  for (const candidate of candidates) {
    const found = files.get(candidate) ?? files.get(candidate.split("/").join(sep));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Each of Probot's adapters (and the Actions adapter before them), once every file that named it
 * imports gh-app-kit instead (comments count: kept then).
 */
function replacedPackages(
  sources: Array<[file: string, before: string, after: SourceResult]>,
): Map<string, { file: string; module: string }> {
  const replaced = new Map<string, { file: string; module: string }>();
  for (const adapter of [...ADAPTER_MODULES.keys(), ACTIONS_ADAPTER_V1]) {
    for (const module of ADAPTER_TARGETS) {
      const moved = `"${adapter}" → "${module}"`;
      const mover = sources.find(([, , after]) => after.changes.some((change) => change.text === moved));
      const stillNamed = sources.some(([, before, after]) => (after.error ? before : after.code).includes(adapter));
      if (mover && !stillNamed) {
        replaced.set(adapter, { file: mover[0], module });
        break;
      }
    }
  }
  return replaced;
}

/** The `probot` ranges package.json declares, in any of its dependency fields. */
function probotRanges(manifest: string): string[] {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(manifest) as Record<string, unknown>;
  } catch {
    return []; // reported with package.json
  }
  return DEPENDENCY_FIELDS.map((field) => ((pkg[field] as Record<string, unknown> | null) ?? {})["probot"]).filter(
    (range): range is string => typeof range === "string",
  );
}

/**
 * The app's probot range admits no Probot of this version or later: before 13, its createNodeMiddleware's
 * default path was `/`; before 10, its client sent the contents route's path with its slashes as they are.
 */
function probotBefore(manifest: string, version: string): boolean {
  return probotRanges(manifest).some((range) => semver.validRange(range) !== null && !admitsFrom(range, version));
}

/**
 * The Probot the app runs is older than `version`: its range admits none as new, or its lock
 * (package-lock.json, npm-shrinkwrap.json or yarn.lock) places an older one. Before 9.3,
 * context.config() read no file of the owner's `.github` repository.
 */
function probotOlderThan(manifest: string, lockfiles: AppLockfiles, version: string): boolean {
  if (probotRanges(manifest).length === 0) return false;
  if (probotBefore(manifest, version)) return true;
  const locked = lockedProbot(lockfiles);
  return locked !== undefined && versionBefore(locked, version);
}

/** The version of probot the app's lock places at its top level, if it names one. */
function lockedProbot({ npm, yarn }: AppLockfiles): string | undefined {
  const lock = npm?.lock;
  const fromNpm = lock?.packages?.["node_modules/probot"]?.version ?? lock?.dependencies?.["probot"]?.version;
  if (typeof fromNpm === "string" && semver.valid(fromNpm)) return fromNpm;
  if (yarn === undefined) return undefined;
  // yarn 1: `probot@^9.2.10:` (or `"probot@^9.2.10", "probot@^9.2.0":`), then `  version "9.2.10"`.
  const entry = /^"?probot@[^\n]*:\r?\n\s+version:? "?([^"\s]+)"?/m.exec(yarn);
  return entry && semver.valid(entry[1]) ? entry[1] : undefined;
}

/** Whether the app depends on a Probot extension (`probot-config`, `probot-metadata`): it is not migrated. */
function hasExtensions(manifest: string): boolean {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(manifest) as Record<string, unknown>;
  } catch {
    return false; // reported with package.json
  }
  return DEPENDENCY_FIELDS.some((field) =>
    Object.keys((pkg[field] as object | null) ?? {}).some((n) => n.startsWith("probot-")),
  );
}

/** The source's strings that start Probot's command line, moved after the rest of its migration. */
function withCommandStrings(file: string, result: SourceResult, webhookAtRoot: boolean): SourceResult {
  if (result.error !== undefined) return result;
  const moved = moveCommandStrings(file, result.code, { webhookAtRoot });
  if (moved === undefined) return result;
  return {
    ...result,
    code: moved.code,
    changes: [...result.changes, ...moved.changes],
    problems: [...result.problems, ...moved.problems],
  };
}
