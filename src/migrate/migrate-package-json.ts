import { migrateTapEsmLoader, reportEsmRequireHook } from "./tap-esm-loader.js";
import semver from "semver";
import { admitsFrom } from "./version-ranges.js";
import { DEPENDENCY_FIELDS, findPackageHint, FRAMEWORK_MODULE, PROBOT_MODULE } from "./probot-names.js";
import type { Declaration } from "./report-probot-dependencies.js";
import type { SourceLog } from "./source-types.js";
import { type PackageOverrides, toYarnResolutions } from "../helpers/package-overrides.js";

/**
 * Where a command starts in a script: its start, after a space, `;`, `&`, `|`, `(`, a quote or a
 * backtick (`nodemon --exec 'probot run'`), or `=` (`--exec=probot run`).
 */
const COMMAND_START = "(^|[\\s;&|(\"'`=])";
/**
 * The folders a path names before `node_modules`, none for the working directory's: `./`, `../`, `/app/`,
 * `$APP_DIR/`, Windows' `node_modules\.bin\` too. Whatever the prefix, what follows is in a node_modules.
 */
export const FOLDERS = String.raw`(?:[^\s"'\`;&|()=,[\]]*[\/\\])?`;
/** Probot's binary by its path: `node_modules/.bin/probot`, `/app/node_modules/.bin/probot`. */
const BIN_PATH = String.raw`(${FOLDERS}node_modules[\/\\]\.bin[\/\\])?`;
/** Probot's bin file after the `node_modules/` of a path: `probot/bin/probot.js`, run by node, tsx or itself. */
export const PROBOT_BIN_FILE_NAME = String.raw`probot[\/\\]bin[\/\\]probot(?:\.js)?`;
/** gh-app-kit's bin file, written with the separator the path had. */
export const frameworkBinFile = (separator: string): string => ["gh-app-kit", "bin", "run.js"].join(separator);
/**
 * gh-app-kit's binary where Probot's was given whole: `app` for the bare name; under `folders` (the path up to and
 * with `node_modules/`) its `.bin` link when Probot's was one, else its bin file.
 */
export function frameworkBinary(folders: string | undefined, separator = "/", dotBin = false): string {
  if (folders === undefined) return "app";
  return `${folders}${dotBin ? `.bin${separator}app` : frameworkBinFile(separator)}`;
}
/** `probot run` / `probot receive` as a command of a script. */
export const PROBOT_COMMAND = new RegExp(`${COMMAND_START}${BIN_PATH}probot(\\s+)(run|receive)\\b`, "g");
/** A `probot run` command with its arguments, up to the end of that command. */
const RUN_COMMAND = new RegExp(
  `(?:${COMMAND_START}${BIN_PATH}probot|node_modules[\\/\\\\]${PROBOT_BIN_FILE_NAME})\\s+run\\b[^;&|()\\n]*`,
  "g",
);
/**
 * `node_modules/probot/bin/probot.js run`: Probot's bin file by any path, run by node (`node [flags] ...`), tsx,
 * sudo or itself (`./node_modules/probot/bin/probot.js run`, a file npm made executable).
 */
const PROBOT_BIN_FILE = new RegExp(
  `(${COMMAND_START}${FOLDERS}node_modules([\\/\\\\]))${PROBOT_BIN_FILE_NAME}(\\s+(?:run|receive)\\b)`,
  "g",
);
/** `npx -p probot` / `npx --package=probot@12` before a command moved to app: the package npx installs for it. */
const NPX_PACKAGE = /(\bnpx\s+(?:-\S+\s+)*?(?:-p\s+|--package[\s=]))probot(?:@\S*)?(?=\s+app\s+(?:run|receive)\b)/g;
/** `npx probot@12 run`: npx runs the pinned probot it downloads; `app` is the app's own dependency once moved. */
const NPX_PINNED = /(\bnpx\s+(?:-\S+\s+)*)probot@[^\s"'`;&|()]+(?=\s+(?:run|receive)\b)/g;
/**
 * `node_modules/probot/bin/probot-run.js ./index.js`: the file of Probot's run (or receive) command, which the
 * probot binary hands its command line to; read as `node_modules/probot/bin/probot.js run ./index.js`.
 */
const SUBCOMMAND_FILE = /(node_modules([\/\\]))probot\2bin\2probot-(run|receive)(?:\.js)?(?=\s|$)/g;
/**
 * The command as the matches below read it: `npx probot@<version>` as `npx probot`, and the file of Probot's run or
 * receive command as its binary and the command's name.
 */
export const asProbotCommand = (command: string): string =>
  command.replace(NPX_PINNED, "$1probot").replace(SUBCOMMAND_FILE, "$1probot$2bin$2probot.js $3");
/** An install command up to the end of its command: `npm i -g ...`, `yarn global add ...`. */
const INSTALL_COMMAND =
  /\b(?:npm\s+(?:install|i|add)|pnpm\s+(?:add|install|i)|bun\s+(?:add|install|i)|yarn\s+global\s+add)\b[^;&|\n]*/g;
const GLOBAL = /(^|\s)(-g|--global|--location[=\s]global)(?=\s|$)|^yarn\s+global\b/;
/** `probot` or `probot@12` as a package an install names. */
const PROBOT_PACKAGE = /(^|\s)probot(?:@[^\s"']*)?(?=\s|$|["'])/g;
/** Probot's `-W <url>` (or `-W<url>`): its webhook proxy's flag. */
const PROXY_FLAG = /(\s)-W/g;
/** A `probot run` in a command, for the report of the path deliveries come in at. */
export const PROBOT_RUN_COMMAND = new RegExp(
  `${COMMAND_START}${BIN_PATH}probot\\s+run\\b|\\bnode_modules[\\/\\\\]${PROBOT_BIN_FILE_NAME}\\s+run\\b`,
);

/**
 * `probot run` and `probot receive` become `app run` and `app receive` (Probot's binary by its path,
 * gh-app-kit's). `probot run -W <url>` was the webhook proxy, whose flag here is `-Y` (`-W` is the
 * secret's, Probot's `-s`, which is kept as an alias, as is `-H`): moved, or the smee channel would
 * be taken for the secret.
 */
export function moveProbotCommand(command: string): string {
  return (
    asProbotCommand(command)
      .replace(RUN_COMMAND, (run) => run.replace(PROXY_FLAG, "$1-Y"))
      .replace(
        PROBOT_BIN_FILE,
        (_, before: string, _start: string, separator: string, rest: string) =>
          `${before}${frameworkBinFile(separator)}${rest}`,
      )
      .replace(PROBOT_COMMAND, "$1$2app$3$4")
      .replace(NPX_PACKAGE, "$1gh-app-kit")
      // A global install of probot, for its command (a container's `RUN npm install -g probot`).
      .replace(INSTALL_COMMAND, (install) =>
        GLOBAL.test(install) ? install.replace(PROBOT_PACKAGE, "$1gh-app-kit") : install,
      )
  );
}
/** What `probot run` on Probot 7 to 12 becoming `app run` changes: the path deliveries come in at. */
export const ROOT_WEBHOOK_PATH = {
  message:
    "probot run took deliveries at / before Probot 13 when WEBHOOK_PATH was not set; app run takes them at /api/github/webhooks",
  hint: "Set WEBHOOK_PATH=/ where the app runs (or pass --webhook-path /) if its webhook URL ends at the server's root, or point the webhook URL at /api/github/webhooks.",
};
const OTHER_PROBOT_COMMAND = new RegExp(`${COMMAND_START}${BIN_PATH}probot(\\s|$)`);

type Manifest = Record<string, unknown>;

export type MigratePackageJsonOptions = {
  /** The framework's own pins, for a clean install on every supported Node (frameworkOverrides). */
  overrides?: PackageOverrides | undefined;
  /** A source file whose import of probot was rewritten: the framework is added if nothing declares it. */
  importedBy?: string | undefined;
  /** Packages no source file names any more, each with a file that imports gh-app-kit (or one of its entries) in its place: dropped. */
  replaced?: ReadonlyMap<string, { file: string; module: string }> | undefined;
  /** The app's yarn.lock, if any: the pins go to `resolutions` too, in the form its yarn reads. */
  yarnLock?: string | undefined;
  /** Packages the app names that came with probot: declared with the range probot brought. */
  declare?: ReadonlyArray<Declaration> | undefined;
  /** For tap 12.5 to 14's esm loader: a .js file of the app written with import, and the app's .taprc. */
  tapEsm?: { moduleSyntaxIn?: string | undefined; taprc?: string | undefined } | undefined;
  /** The app's probot admits no Probot 13: its `probot run` took deliveries at `/` unless WEBHOOK_PATH was set. */
  webhookAtRoot?: boolean | undefined;
};

/**
 * Keeps the file's indentation and final newline. The framework's `overrides` are added when probot is
 * replaced, the app's own entries winning; for an app installed with yarn (a yarn.lock, or `packageManager`
 * yarn), as `resolutions` too: yarn reads no `overrides`, and yarn 1 refuses to install a package whose
 * `engines` exclude the running Node.
 */
export function migratePackageJson(
  code: string,
  frameworkSpec: string,
  {
    overrides = {},
    importedBy,
    replaced = new Map(),
    yarnLock,
    declare = [],
    tapEsm = {},
    webhookAtRoot = false,
  }: MigratePackageJsonOptions = {},
): SourceLog & { code: string } {
  const log: SourceLog = { changes: [], problems: [] };
  const manifest = JSON.parse(code) as Manifest;
  const lines = code.split("\n");
  const lineOfKey = (key: string) => lines.findIndex((line) => line.includes(JSON.stringify(key))) + 1 || undefined;
  let changed = false;
  let runtimeAdapter: { name: string; file: string } | undefined;
  for (const field of DEPENDENCY_FIELDS) {
    const dependencies = manifest[field];
    if (!isRecord(dependencies)) continue;
    for (const name of Object.keys(dependencies)) {
      const by = replaced.get(name);
      if (by !== undefined) {
        if (field === "dependencies") runtimeAdapter ??= { name, file: by.file };
        log.changes.push({
          line: lineOfKey(name) ?? 0,
          text: `${field}: - ${name}@${String(dependencies[name])} (${by.file} imports ${by.module} instead)`,
        });
        delete dependencies[name];
        changed = true;
        continue;
      }
      const hint = findPackageHint(name);
      if (hint) log.problems.push({ line: lineOfKey(name), message: `${field} has "${name}"`, hint });
    }
    if (!(PROBOT_MODULE in dependencies)) continue;
    const had = dependencies[PROBOT_MODULE];
    manifest[field] = renameKey(dependencies, PROBOT_MODULE, FRAMEWORK_MODULE, frameworkSpec);
    changed = true;
    log.changes.push({
      line: lineOfKey(PROBOT_MODULE) ?? 0,
      text: `${field}: probot@${String(had)} → ${FRAMEWORK_MODULE}@${frameworkSpec}`,
    });
    reportProbot9(had, lineOfKey(PROBOT_MODULE), log);
    if (DEPENDENCY_FIELDS.some((name) => isRecord(manifest[name]) && "typescript" in manifest[name]))
      reportNullablePayloadFields(had, lineOfKey(PROBOT_MODULE), log);
  }
  const declared = DEPENDENCY_FIELDS.some((field) => isRecord(manifest[field]) && FRAMEWORK_MODULE in manifest[field]);
  if (importedBy !== undefined && !declared) {
    // probot came through another package (an adapter): its imports now name a package nothing installs.
    const line = lineOfKey("dependencies") ?? 0;
    manifest.dependencies = {
      ...(isRecord(manifest.dependencies) ? manifest.dependencies : {}),
      [FRAMEWORK_MODULE]: frameworkSpec,
    };
    changed = true;
    log.changes.push({
      line,
      text: `dependencies: + ${FRAMEWORK_MODULE}@${frameworkSpec} (${importedBy} imports it; package.json did not declare probot)`,
    });
  }
  if (runtimeAdapter && moveToDependencies(manifest, runtimeAdapter, lineOfKey("devDependencies") ?? 0, log))
    changed = true;
  if (moveProbotKey(manifest, lineOfKey, log)) changed = true;
  if (declareDependencies(manifest, declare, log)) changed = true;
  // The scripts, and nodemon's settings (create-probot-app's "dev": "nodemon"), whose exec some apps set to
  // the probot command itself.
  const commands: Array<[Record<string, unknown>, string, string]> = [];
  if (isRecord(manifest.scripts)) {
    for (const name of Object.keys(manifest.scripts)) commands.push([manifest.scripts, name, `script ${name}`]);
  }
  if (isRecord(manifest.nodemonConfig)) commands.push([manifest.nodemonConfig, "exec", "nodemonConfig.exec"]);
  for (const [holder, key, label] of commands) {
    const command = holder[key];
    if (typeof command !== "string") continue;
    const moved = moveProbotCommand(command);
    if (moved !== command) {
      holder[key] = moved;
      changed = true;
      log.changes.push({ line: lineOfKey(key) ?? 0, text: `${label}: ${command} → ${moved}` });
      if (webhookAtRoot && PROBOT_RUN_COMMAND.test(asProbotCommand(command))) {
        log.problems.push({
          line: lineOfKey(key),
          message: `${label}: ${ROOT_WEBHOOK_PATH.message}`,
          hint: ROOT_WEBHOOK_PATH.hint,
        });
      }
    }
    if (OTHER_PROBOT_COMMAND.test(moved)) {
      log.problems.push({
        line: lineOfKey(key),
        message: `${label} runs a probot command other than run or receive: ${moved}`,
        hint: "`app --help` lists the commands here: run, receive, setup, new, migrate.",
      });
    }
  }
  if (changed && migrateTapEsmLoader(manifest, tapEsm, lineOfKey("tap"), log)) changed = true;
  if (changed) reportEsmRequireHook(manifest, lineOfKey, log);
  if (changed) {
    const pins = applicablePins(manifest, overrides);
    addOverrides(manifest, pins, log);
    const yarn = yarnFlavour(yarnLock, manifest.packageManager);
    if (yarn) addResolutions(manifest, toYarnResolutions(pins, yarn), log);
  }
  log.changes.sort((a, b) => a.line - b.line);
  if (!changed) return { code, ...log };
  const indent = /^[ \t]+(?=")/m.exec(code)?.[0] ?? 2;
  const ending = code.includes("\r\n") ? "\r\n" : "\n";
  let text = JSON.stringify(manifest, null, indent);
  if (ending !== "\n") text = text.replace(/\n/g, ending);
  return { code: code.endsWith("\n") ? `${text}${ending}` : text, ...log };
}

/**
 * An adapter of Probot in `dependencies` brought probot to a production install (it depends on probot), so an
 * app could declare probot for its types and tests alone, in `devDependencies`. With the adapter dropped, the
 * file that imported it now imports gh-app-kit, which must then be a dependency too.
 */
function moveToDependencies(
  manifest: Manifest,
  adapter: { name: string; file: string },
  line: number,
  log: SourceLog,
): boolean {
  const declaredIn = (field: string) => isRecord(manifest[field]) && FRAMEWORK_MODULE in manifest[field];
  const devDependencies = manifest.devDependencies;
  if (!isRecord(devDependencies) || !declaredIn("devDependencies")) return false;
  if (DEPENDENCY_FIELDS.some((field) => field !== "devDependencies" && declaredIn(field))) return false;
  const spec = devDependencies[FRAMEWORK_MODULE];
  delete devDependencies[FRAMEWORK_MODULE];
  const dependencies = isRecord(manifest.dependencies) ? manifest.dependencies : {};
  const names = Object.keys(dependencies);
  const sorted = names.every((key, i) => i === 0 || names[i - 1]!.localeCompare(key, "en") <= 0);
  const entries: Array<[string, unknown]> = [...Object.entries(dependencies), [FRAMEWORK_MODULE, spec]];
  if (sorted) entries.sort(([a], [b]) => a.localeCompare(b, "en"));
  manifest.dependencies = Object.fromEntries(entries);
  log.changes.push({
    line,
    text: `dependencies: + ${FRAMEWORK_MODULE}@${String(spec)}, from devDependencies (${adapter.file} imports it in place of ${adapter.name}, a dependency that brought probot)`,
  });
  return true;
}

/** Adds each declaration the app lacks to its field, in order where the field's names are sorted, and says so. */
function declareDependencies(manifest: Manifest, declarations: ReadonlyArray<Declaration>, log: SourceLog): boolean {
  const declared = (name: string) =>
    DEPENDENCY_FIELDS.some((field) => isRecord(manifest[field]) && name in manifest[field]);
  const added = declarations.filter(({ name }) => !declared(name));
  for (const { name, range, field, why } of added) {
    const dependencies = isRecord(manifest[field]) ? manifest[field] : {};
    const names = Object.keys(dependencies);
    const sorted = names.every((key, i) => i === 0 || names[i - 1]!.localeCompare(key, "en") <= 0);
    const entries: Array<[string, unknown]> = [...Object.entries(dependencies), [name, range]];
    if (sorted) entries.sort(([a], [b]) => a.localeCompare(b, "en"));
    manifest[field] = Object.fromEntries(entries);
    log.changes.push({ line: 0, text: `${field}: + ${name}@${range} (${why})` });
  }
  return added.length > 0;
}

/**
 * The pins that apply to this app. npm refuses a spec for a package the app depends on itself unless it is the
 * same, and the app's own choice stands: such entries are left out. Specs under a parent's name pin only that
 * parent's dependencies, whatever the app declares.
 */
function applicablePins(manifest: Manifest, overrides: PackageOverrides): PackageOverrides {
  const direct = (name: string) =>
    DEPENDENCY_FIELDS.some((field) => isRecord(manifest[field]) && name in manifest[field]);
  return Object.fromEntries(
    Object.entries(overrides).filter(([name, spec]) => typeof spec !== "string" || !direct(name)),
  );
}

function addOverrides(manifest: Manifest, overrides: PackageOverrides, log: SourceLog): void {
  const own = isRecord(manifest.overrides) ? manifest.overrides : {};
  const added = Object.entries(overrides).filter(([name]) => !(name in own));
  if (added.length === 0) return;
  manifest.overrides = { ...own, ...Object.fromEntries(added) };
  log.changes.push({
    line: 0,
    text: `overrides: ${describePins(toYarnResolutions(Object.fromEntries(added), "berry"))} (so npm installs without EBADENGINE on every supported Node)`,
  });
}

function addResolutions(manifest: Manifest, resolutions: Record<string, string>, log: SourceLog): void {
  const own = isRecord(manifest.resolutions) ? manifest.resolutions : {};
  // The app's own pin of the same package wins, whichever form it is written in.
  const bare = (key: string) => key.replace(/^\*\*\//, "");
  const taken = new Set(Object.keys(own).map(bare));
  const added = Object.entries(resolutions).filter(([name]) => !taken.has(bare(name)));
  if (added.length === 0) return;
  manifest.resolutions = { ...own, ...Object.fromEntries(added) };
  log.changes.push({
    line: 0,
    text: `resolutions: ${describePins(Object.fromEntries(added))} (yarn refuses a package whose engines exclude the running Node)`,
  });
}

/**
 * Which yarn installs the app: `packageManager` says, else its yarn.lock (berry's begins with `__metadata:`).
 * Undefined for an app installed with npm (or another tool).
 */
function yarnFlavour(lock: string | undefined, packageManager: unknown): "classic" | "berry" | undefined {
  const declared = /^yarn@(\d+)/.exec(typeof packageManager === "string" ? packageManager : "");
  if (declared) return declared[1] === "1" ? "classic" : "berry";
  if (lock === undefined || (typeof packageManager === "string" && packageManager !== "")) return undefined;
  return /^__metadata:/m.test(lock) ? "berry" : "classic";
}

/** `parent/dependency@spec, ...`, as a report line shows them. */
function describePins(pins: Record<string, string>): string {
  return Object.entries(pins)
    .map(([name, spec]) => `${name}@${spec}`)
    .join(", ");
}

/**
 * A range that admits no Probot 10: its `context.issue()` gave `{ number }` (which @octokit/rest 16
 * took for `issue_number`). The code's reads of it are renamed; what a test recorded is not.
 */
function reportProbot9(range: unknown, line: number | undefined, log: SourceLog): void {
  if (typeof range !== "string" || !semver.validRange(range) || admitsFrom(range, "10.0.0")) return;
  log.problems.push({
    line,
    message:
      `probot@${range}: before Probot 10, context.issue() gave { owner, repo, number }; here it gives issue_number ` +
      "in place of number, as Probot 10 to 14 (app migrate renamed the reads of number in the code)",
    hint:
      "app migrate renamed number where a test expects it of the client's issues and pulls methods (jest's call " +
      "matchers, mock.calls, snapshots of a test file that snapshots no pulls method), not of @octokit/rest 15's " +
      "pullRequests methods (Probot 6 to 8), to which the code may still give number: where the code gives them " +
      "context.issue() (through a variable), a test's number there is issue_number now. Where a test records it " +
      "another way (sinon, inline snapshots, a double of its own), check that issue_number is the only difference, " +
      "then update it (jest -u for snapshots).",
  });
}

/**
 * A TypeScript app on a Probot before 14: its payload types (`@octokit/webhooks-types`) and its client's answer
 * types (`@octokit/openapi-types`) had fields that today's schemas, whose types Probot 14 and this framework use,
 * make nullable.
 */
function reportNullablePayloadFields(range: unknown, line: number | undefined, log: SourceLog): void {
  if (typeof range !== "string" || !semver.validRange(range) || admitsFrom(range, "14.0.0")) return;
  log.problems.push({
    line,
    message:
      `probot@${range} in a TypeScript app: some payload fields its types gave as always there may be null or ` +
      "absent in today's webhook schema, as with Probot 14 (pull_request.user, issue.user, head.repo, " +
      "secret_scanning_alert.alert.number, ...), and so may some fields of the REST API's answers in today's " +
      "schema (the sha of each file in pulls.listFiles, ...)",
    hint:
      "Where the compiler now stops at a payload field (TS18047, TS18048 or TS2531: possibly null or undefined; " +
      "TS2322 or TS2345 where it is passed on), check it (if (!pr.user) return) or assert it (pr.user!.login). " +
      "Where a client's answer no longer fits a type of the app's own (TS2322 or TS2345: string | null is not " +
      "assignable to string), widen that type or map the answer to it.",
  });
}

function renameKey(record: Record<string, unknown>, from: string, to: string, value: unknown): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, current] of Object.entries(record)) {
    if (key === from) result[to] = value;
    else if (key !== to) result[key] = current;
  }
  return result;
}

/**
 * `"probot": { "apps": [...] }` (`plugins` in Probot 7 to 9): the apps `probot run` loaded besides
 * its arguments. `app run` reads `"app": { "apps": [...] }`: the key moves, in its place; one that
 * holds anything else, or beside an `app` key, is reported instead.
 */
function moveProbotKey(manifest: Manifest, lineOfKey: (key: string) => number | undefined, log: SourceLog): boolean {
  const config = manifest[PROBOT_MODULE];
  if (!isRecord(config)) return false;
  const keys = Object.keys(config);
  const apps = config.apps ?? config.plugins;
  const onlyApps = keys.length === 1 && (keys[0] === "apps" || keys[0] === "plugins") && Array.isArray(apps);
  if (!onlyApps || "app" in manifest) {
    log.problems.push({
      line: lineOfKey(PROBOT_MODULE),
      message: `package.json's "probot" key, which probot run read its apps from, is left as it was: app run reads "app": { "apps" }`,
      hint: 'Move the apps to "app": { "apps": ["./index.js"] } (or give them to app run as arguments); app run reads nothing else from it.',
    });
    return false;
  }
  const line = lineOfKey(PROBOT_MODULE) ?? 0;
  const moved = renameKey(manifest, PROBOT_MODULE, "app", { apps });
  for (const key of Object.keys(manifest)) delete manifest[key];
  Object.assign(manifest, moved);
  log.changes.push({ line, text: `"probot": { "${keys[0]}" } → "app": { "apps" } (the apps app run loads)` });
  return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
