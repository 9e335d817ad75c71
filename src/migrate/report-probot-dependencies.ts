import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { dirname, join } from "node:path";
import semver from "semver";
import { lowestMajor, rangesMeet } from "./version-ranges.js";
import type { AppLockfiles } from "./app-lockfiles.js";
import { findFrameworkRoot } from "../scaffold/find-framework-root.js";
import { packageOf } from "./package-name.js";
import { packagesOfLockV1, throughProbot, throughProbotInstalled } from "./probot-lock-closure.js";
import { parseWithBabel } from "./parse-source.js";
import { DEPENDENCY_FIELDS, FRAMEWORK_MODULE, PROBOT_MODULE } from "./probot-names.js";
import type { AnyNode, Problem } from "./source-types.js";

/** Probot 9 to 14's dependencies that apps import themselves, for an app with neither a lockfile nor node_modules. */
const KNOWN = [
  "express",
  "pino",
  "@octokit/rest",
  "@octokit/webhooks",
  "@octokit/types",
  "js-yaml",
  "deepmerge",
  "dotenv",
];

/** What a Probot major's own dependencies added to KNOWN, by the versions of probot that had them. */
const KNOWN_BY_VERSION: ReadonlyArray<readonly [name: string, probot: string]> = [
  ["cache-manager", "<10"],
  ["bunyan", "<10"],
  ["raven", "<10"],
  ["jsonwebtoken", "<10"],
  ["uuid", ">=7 <14"],
  ["ioredis", ">=8 <14"],
  ["lru-cache", ">=10 <14"],
  ["semver", "<14"],
];

type Source = readonly [
  file: string,
  code: string,
  result: { problems: Problem[]; code?: string; expressRoutes?: number[] | undefined },
];

/** Probot 7 to 13's express, for routes written for Express when nothing shows the version the app had. */
const EXPRESS_RANGE = "^4.21.2";

/** A package the app names without declaring it, which came with probot: package.json declares it after the migration. */
export type Declaration = {
  name: string;
  range: string;
  field: "dependencies" | "devDependencies";
  /** Why, for the report: `test/index.test.js imports it; it came with probot`. */
  why: string;
};

export type ProbotDependencies = {
  /** What package.json gains: each package the app imports (or a script preloads) that came with probot at a known range. */
  declarations: Declaration[];
  /** Reports the others (a range unknown, a source of gh-app-kit's types), where each file names them. */
  report(migratedManifest: { code: string; problems: Problem[] }): void;
};

/**
 * Imports of packages the app does not declare but had through probot (`require("pino")`, `express` for a route,
 * `@octokit/rest` types): once probot is gone they would resolve to gh-app-kit's own copy (another major, perhaps) or
 * to nothing. Where the lockfile (or node_modules) shows the range probot brought, the migration declares it, in
 * `devDependencies` when only tests and test scripts name it; the others are reported where the file names them.
 */
export async function findProbotDependencies(
  directory: string,
  manifestText: string,
  sources: ReadonlyArray<Source>,
  lockfiles: AppLockfiles,
  /** Dependencies the migration drops (Probot's adapters): what only they and probot bring goes with them. */
  dropped: ReadonlySet<string> = new Set(),
): Promise<ProbotDependencies> {
  const none: ProbotDependencies = { declarations: [], report: () => undefined };
  const manifest = JSON.parse(manifestText) as Record<string, unknown>;
  const declared = new Set(DEPENDENCY_FIELDS.flatMap((field) => Object.keys(record(manifest[field]) ?? {})));
  if (!declared.has(PROBOT_MODULE)) return none;
  const range = DEPENDENCY_FIELDS.map((field) => record(manifest[field])?.[PROBOT_MODULE]).find(Boolean);
  const probots = await probotDependencies(directory, lockfiles, typeof range === "string" ? range : "*");
  // And what probot's own dependencies brought (`@sentry/node` through `@probot/pino`), as npm's lockfile shows it.
  // npm's lockfile 2 or 3 names them; else (yarn.lock, npm's lockfile 1) node_modules, if installed, and
  // without it lockfile 1's tree (cchantep/probot-jira's @octokit/webhooks-types, through @octokit/webhooks).
  const npmLock = lockfiles.npm?.lock as (Parameters<typeof throughProbot>[0] & { dependencies?: unknown }) | undefined;
  const through = npmLock?.packages
    ? throughProbot(npmLock, dropped)
    : npmLock?.dependencies && !existsSync(join(directory, "node_modules", PROBOT_MODULE, "package.json"))
      ? throughProbot(packagesOfLockV1(npmLock, manifest), dropped)
      : await throughProbotInstalled(directory, manifest, dropped);
  const cameWith = (name: string): string | undefined => {
    const range = probots.get(name);
    if (range !== undefined) return `it came with probot${range ? ` (${name}@${range})` : ""}`;
    const indirect = through.get(name);
    return indirect && `it came with probot, through ${indirect.via.join(" and ")} (${name}@${indirect.version})`;
  };
  /** The range to declare: probot's own, or `^` the version its dependencies brought; none when unknown. */
  const rangeOf = (name: string): string | undefined => {
    // gh-app-kit's own types are built from these: at probot's version they would not fit its client and
    // contexts (in-solidarity-bot's RestEndpointMethodTypes of plugin-rest-endpoint-methods 5). Reported instead.
    if (TYPE_SOURCES.has(name) || (name !== "pino" && DECLARED_TYPE_SOURCES.includes(name))) return undefined;
    const direct = probots.get(name);
    const candidate = direct !== undefined ? direct : through.has(name) ? `^${through.get(name)!.version}` : undefined;
    return candidate && semver.validRange(candidate) ? candidate : undefined;
  };
  reportDeclaredTypeSources(manifest, sources);
  const wanted = new Set(
    [...probots.keys(), ...through.keys()].filter((name) => !declared.has(name) && name !== FRAMEWORK_MODULE),
  );
  const expressRoutes = !declared.has("express") && sources.some(([, , result]) => result.expressRoutes?.length);
  if (wanted.size === 0 && !expressRoutes) return none;

  const preloads = scriptPreloads(manifest.scripts).filter(({ name }) => wanted.has(name) && cameWith(name));
  const imports: Array<{ file: string; name: string; specifier: string; line: number; result: Source[2] }> = [];
  for (const [file, code, result] of sources) {
    // Parsed only when a quoted string in it starts with such a package's name (probot's closure may hold hundreds).
    if (!quotedPackages(code).some((name) => wanted.has(name))) continue;
    // What the migration rewrote away (`@octokit/request-error` → gh-app-kit) is no longer imported.
    const written = result.code !== undefined && result.code !== code ? moduleNames(file, result.code) : undefined;
    for (const found of moduleNames(file, code)) {
      if (written && !written.some(({ name }) => name === found.name)) continue;
      if (wanted.has(found.name) && cameWith(found.name)) imports.push({ file, ...found, result });
    }
  }
  const declarations = new Map<string, Declaration>();
  const declare = (name: string, user: string, dev: boolean, fallback?: string) => {
    const range = rangeOf(name) ?? fallback;
    if (range === undefined) return;
    const known = declarations.get(name);
    if (known) {
      if (!dev) known.field = "dependencies";
      return;
    }
    declarations.set(name, {
      name,
      range,
      field: dev ? "devDependencies" : "dependencies",
      why: `${user}; ${cameWith(name) ?? "it came with probot"}`,
    });
  };
  for (const { file, name } of imports) declare(name, `${file} imports it`, isTestFile(file));
  for (const { script, name } of preloads) declare(name, `script ${script} loads it`, isTestScript(script));
  // Routes of getRouter() written for Express run through the app's express on a Node server, as under Probot.
  if (expressRoutes) {
    const places = sources.flatMap(([file, , result]) => (result.expressRoutes ?? []).map((line) => ({ file, line })));
    const shown = places.slice(0, 5).map(({ file, line }) => `${file}:${line}`);
    const more = places.length > shown.length ? ` and ${places.length - shown.length} more` : "";
    const why = `routes written for Express on getRouter()'s router run through it on a Node server (${shown.join(", ")}${more})`;
    declare(
      "express",
      why,
      places.every(({ file }) => isTestFile(file)),
      EXPRESS_RANGE,
    );
  }
  // pino before 7 loads pino-pretty by name for its prettyPrint option: it goes with it.
  for (const declaration of [...declarations.values()]) {
    const companion = companionOf(declaration.name, declaration.range);
    if (companion && wanted.has(companion) && !declarations.has(companion)) {
      declare(companion, `${declaration.name}@${declaration.range} loads it`, declaration.field === "devDependencies");
    }
  }
  // pino before 7 has no types of its own: a TypeScript file that imports it read @types/pino, which came with probot.
  for (const { file, name } of imports) {
    const declaration = declarations.get(name);
    if (name !== "pino" || !declaration || !TYPESCRIPT_FILE.test(file) || typed(declaration.range)) continue;
    if (wanted.has(PINO_TYPES) && !declarations.has(PINO_TYPES))
      declare(PINO_TYPES, `${name}@${declaration.range} is typed by it`, declaration.field === "devDependencies");
  }

  const report = (migratedManifest: { code: string; problems: Problem[] }) => {
    for (const { script, name } of preloads) {
      if (declarations.has(name)) continue;
      migratedManifest.problems.push({
        line: scriptLine(migratedManifest.code, script),
        message: `script ${script} loads "${name}", which package.json does not declare: ${cameWith(name) as string}`,
        hint:
          `Without probot, "${name}" resolves only where the install happens to place gh-app-kit's own copy (not under ` +
          `pnpm): add "${name}" to package.json, with the version the app was written for.`,
      });
    }
    for (const { file, name, specifier, line, result } of imports) {
      const declaration = declarations.get(name);
      if (declaration) {
        // Declared at the version the app had; in TypeScript, pino's loggers before 7 are not gh-app-kit's Logger.
        const types = loggerTypesHint(name, file, declaration.range);
        if (types) {
          result.problems.push({
            line,
            message: `imports "${name}", now declared at ${declaration.range} (the version that came with probot)`,
            hint: types.trim(),
          });
        }
        continue;
      }
      const own = TYPE_SOURCES.has(name) ? ownTypesRange(name) : undefined;
      result.problems.push({
        line,
        message: `imports "${name}", which package.json does not declare: ${cameWith(name) as string}`,
        hint: own
          ? typeSourceHint(name, own, specifier)
          : `Without probot, "${name}" resolves to gh-app-kit's own copy if it has one (a version of its choosing) or to ` +
            `nothing: add "${name}" to package.json, with the version the code was written for.` +
            companionHint(name, probots, declared) +
            loggerTypesHint(name, file, probots.get(name) ?? through.get(name)?.version),
      });
    }
  };
  return { declarations: [...declarations.values()], report };
}

/** A test file, by its folder or name: what only it imports is a development dependency. */
function isTestFile(file: string): boolean {
  const path = file.split("\\").join("/");
  return (
    /(^|\/)(test|tests|__tests__|spec|specs|__mocks__|e2e|fixtures?)\//.test(path) ||
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(path)
  );
}

/** A script that tests or checks the app (`test`, `test:unit`, `coverage`, `lint`), not one that runs it. */
function isTestScript(script: string): boolean {
  return /^(pre|post)?(test|coverage|lint|check)/.test(script);
}

/**
 * A package that loads another by name at run time, which came with probot too and which the app may never
 * name: pino before 7 loads pino-pretty for its `prettyPrint` option (nikku/merge-me's tests, Probot 10).
 */
const COMPANIONS: Record<string, { companion: string; below: number; why: string }> = {
  pino: { companion: "pino-pretty", below: 7, why: "its prettyPrint option loads" },
};

/** The companion `name`@`range` loads by name (pino-pretty for a pino below 7), if any. */
function companionOf(name: string, range: string): string | undefined {
  const known = COMPANIONS[name];
  if (!known) return undefined;
  const major = lowestMajor(range);
  return major !== undefined && major < known.below ? known.companion : undefined;
}

function companionHint(name: string, probots: ReadonlyMap<string, string>, declared: ReadonlySet<string>): string {
  const known = COMPANIONS[name];
  const range = probots.get(name);
  const companionRange = known && probots.get(known.companion);
  if (!known || range === undefined || companionRange === undefined || declared.has(known.companion)) return "";
  const major = Number(/\d+/.exec(range)?.[0]);
  if (!(major < known.below)) return "";
  return (
    ` Before ${name} ${known.below}, ${known.why} "${known.companion}", which came with probot too ` +
    `(${known.companion}@${companionRange || "*"}): add it as well, or it resolves to gh-app-kit's own copy.`
  );
}

/** A quoted string's leading package name (`"@scope/name/path"` → "@scope/name"), for each quoted string. */
const QUOTED_PACKAGE = /["'`]((?:@[^"'`\s/]+\/)?[^"'`\s/]+)/g;

function quotedPackages(code: string): string[] {
  return Array.from(code.matchAll(QUOTED_PACKAGE), (match) => match[1]!);
}

/** A module a script's command preloads: `-r X`, `--require X`, `--import X`, `--loader X`, jest's `--setupFiles X`. */
const PRELOAD =
  /(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader|--setupFiles|--setupFilesAfterEnv)(?:\s+|=)(["']?)([^\s"'&|;]+)\1/g;

/** The packages the scripts of package.json preload, by script. */
function scriptPreloads(scripts: unknown): Array<{ script: string; name: string }> {
  const found: Array<{ script: string; name: string }> = [];
  for (const [script, command] of Object.entries(record(scripts) ?? {})) {
    if (typeof command !== "string") continue;
    for (const match of command.matchAll(PRELOAD)) {
      const specifier = match[2]!;
      if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) continue;
      found.push({ script, name: packageOf(specifier) });
    }
  }
  return found;
}

/** The line of a script's entry in package.json's text (1-based), or 0. */
function scriptLine(text: string, script: string): number {
  const scripts = text.indexOf('"scripts"');
  if (scripts < 0) return 0;
  const at = text.indexOf(`${JSON.stringify(script)}:`, scripts);
  return at < 0 ? 0 : text.slice(0, at).split("\n").length;
}

/** Packages gh-app-kit's own types (Context, its payloads, the client) are built from. */
const TYPE_SOURCES = new Set(["@octokit/webhooks", "@octokit/types", "@octokit/openapi-types"]);

/**
 * Packages whose types meet gh-app-kit's in an app's code: the event names and payloads of its Context, its
 * client's class, methods and answers. An app's own copy of another major has other types than those.
 */
const DECLARED_TYPE_SOURCES = [
  ...TYPE_SOURCES,
  "@octokit/core",
  "@octokit/plugin-rest-endpoint-methods",
  "@octokit/plugin-paginate-rest",
  "pino",
];

/** pino's loggers from version 7, which ships its own types; before it, @types/pino's lack members of pino's Logger. */
const PINO_TYPED_FROM = 7;
const PINO_TYPED = `>=${PINO_TYPED_FROM}.0.0-0`;

/** The versions of such a package whose types still fit gh-app-kit's, where more than its own range does. */
const TYPES_FIT: Readonly<Record<string, string>> = { pino: PINO_TYPED };

const PINO_TYPES = "@types/pino";

/** A pino range whose versions all ship their own types (7 and later). */
function typed(range: string): boolean {
  const major = lowestMajor(range);
  return major !== undefined && major >= PINO_TYPED_FROM;
}

/**
 * A TypeScript file that imports pino, which came with probot at a version before 7: at that version, as the hint
 * before this asks, its loggers are not gh-app-kit's Logger.
 */
function loggerTypesHint(name: string, file: string, range: string | undefined): string {
  const valid = range ? semver.validRange(range) : null;
  const own = frameworkRange(name);
  if (name !== "pino" || !TYPESCRIPT_FILE.test(file) || !valid || !own || rangesMeet(valid, PINO_TYPED)) return "";
  return (
    ` In TypeScript, a logger of pino before 7 (typed by @types/pino) is not gh-app-kit's Logger: where the code ` +
    `hands one to new App({ log }) or new Context(event, client, log), declare "pino": "${own}" instead, or cast it ` +
    `there (log as unknown as Logger), which TypeScript 4 needs: it cannot read pino 10's declarations.`
  );
}

const TYPESCRIPT_FILE = /\.[cm]?tsx?$/;

const WEBHOOKS = "@octokit/webhooks";
const WEBHOOKS_TYPES_NOTE =
  " Its newer majors no longer bring @octokit/webhooks-types: a file that imports payload types from it " +
  '(IssuesOpenedEvent) can take them from the context instead (Context<"issues.opened">["payload"]).';

/**
 * A TypeScript app that declares such a package itself, at the major probot was built on: its types and
 * gh-app-kit's differ (`Context<E extends EmitterWebhookEventName>` with the app's names is refused, an
 * `Octokit` of its @octokit/core is no `context.client`). Reported where each TypeScript file imports it.
 */
function reportDeclaredTypeSources(manifest: Record<string, unknown>, sources: ReadonlyArray<Source>): void {
  const mismatched = new Map<string, { range: string; own: string }>();
  for (const name of DECLARED_TYPE_SOURCES) {
    const range = DEPENDENCY_FIELDS.map((field) => record(manifest[field])?.[name]).find(
      (value) => typeof value === "string",
    );
    const own = ownTypesRange(name);
    const valid = typeof range === "string" ? semver.validRange(range) : null;
    if (typeof range !== "string" || !own || !valid || rangesMeet(valid, TYPES_FIT[name] ?? own)) continue;
    mismatched.set(name, { range, own });
  }
  if (mismatched.size === 0) return;
  for (const [file, code, result] of sources) {
    if (!TYPESCRIPT_FILE.test(file) || !quotedPackages(code).some((name) => mismatched.has(name))) continue;
    const seen = new Set<string>();
    for (const { name, line } of moduleNames(file, code)) {
      const found = mismatched.get(name);
      if (!found || seen.has(name)) continue;
      seen.add(name);
      result.problems.push({
        line,
        message:
          `imports "${name}", which package.json declares at ${found.range}, another major than gh-app-kit's ` +
          `types are built from (${found.own})`,
        hint:
          `Where the compiler stops at its types beside gh-app-kit's (TS2344 on Context<E>, TS2322 or TS2345 where ` +
          `a context's client or payload meets them), declare "${name}": "${found.own}" in package.json.` +
          (name === "pino"
            ? " Its loggers before 7 (typed by @types/pino) are not gh-app-kit's Logger, which new App({ log }) and " +
              "new Context(event, client, log) take; or cast the logger there (log as unknown as Logger), which " +
              "TypeScript 4 needs: it cannot read pino 10's declarations."
            : " Its newer majors are ES modules only: a CommonJS app that also loads it at run time (not only its " +
              "types) needs Node 20.19 or 22.12 and later, or keeps its own version and the types it had.") +
          (name === WEBHOOKS ? WEBHOOKS_TYPES_NOTE : ""),
      });
    }
  }
}

/**
 * The packages the client's REST methods and answers are typed from, each through the package that depends on it:
 * @octokit/plugin-rest-endpoint-methods's @octokit/types (16), and that one's @octokit/openapi-types, which are not
 * gh-app-kit's own (@octokit/types 18 types every id as number | bigint).
 */
const CLIENT_TYPES_THROUGH: Readonly<Record<string, readonly string[]>> = {
  "@octokit/types": ["@octokit/plugin-rest-endpoint-methods"],
  "@octokit/openapi-types": ["@octokit/plugin-rest-endpoint-methods", "@octokit/types"],
};

/** The range of a package whose types meet gh-app-kit's: the one its client is typed from, or else its own. */
function ownTypesRange(name: string): string | undefined {
  const through = CLIENT_TYPES_THROUGH[name];
  if (!through) return frameworkRange(name);
  try {
    let directory = findFrameworkRoot();
    for (const dependent of through) {
      const found = installedPackage(dependent, directory);
      if (!found) return frameworkRange(name);
      directory = found;
    }
    const manifest = JSON.parse(readFileSync(join(directory, "package.json"), "utf8")) as Record<string, unknown>;
    const range = record(manifest.dependencies)?.[name];
    return typeof range === "string" ? range : frameworkRange(name);
  } catch {
    return frameworkRange(name);
  }
}

/** Where `name` is installed as Node would find it from `from`: `from`'s node_modules, then each parent's. */
function installedPackage(name: string, from: string): string | undefined {
  for (let directory = from; ;) {
    const candidate = join(directory, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

/** gh-app-kit's own range of one of its dependencies, from its package.json. */
function frameworkRange(name: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(findFrameworkRoot(), "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    const range = record(manifest.dependencies)?.[name];
    return typeof range === "string" ? range : undefined;
  } catch {
    return undefined;
  }
}

/**
 * At probot's version, the app's types from such a package are another major's than gh-app-kit's Context (an app's
 * own `EmitterWebhookEvent<E> & Omit<Context, ...>` is then no Context); and a path into its files may not be exported.
 */
function typeSourceHint(name: string, own: string, specifier: string): string {
  const path =
    specifier === name
      ? ""
      : ` "${specifier}" is a path into its files, which that version may not export: import the names from "${name}" itself.`;
  return (
    `gh-app-kit's Context and client types are built from "${name}": add "${name}": "${own}" to package.json ` +
    `(gh-app-kit's version, not probot's), or the app's types from it and gh-app-kit's differ.${path}`
  );
}

/**
 * probot's dependencies with their ranges, from the lockfile (npm's or yarn's) or node_modules; else KNOWN, with what
 * the declared range's versions of probot had besides (`probot`: its range in package.json).
 */
async function probotDependencies(
  directory: string,
  lockfiles: AppLockfiles,
  probot: string,
): Promise<Map<string, string>> {
  const lock = lockfiles.npm?.lock;
  // lockfileVersion 2 and 3: `packages` entries list ranges under `dependencies`; version 1 under `requires`.
  const placed = lock?.packages?.[`node_modules/${PROBOT_MODULE}`];
  const fromLock = placed ? record(placed.dependencies) : record(lock?.dependencies?.[PROBOT_MODULE]?.requires);
  if (fromLock) return ranges(fromLock);
  const yarn = lockfiles.yarn ?? "";
  // A yarn.lock block: `probot@^12.1.0:` (or quoted, berry's `"probot@npm:^12"`), then `  dependencies:` and its lines.
  const block = /^"?probot@[^\n]*:\n((?:[ \t]+[^\n]*\n?)*)/m.exec(yarn)?.[1];
  const list = block ? /^[ \t]+dependencies:\n((?:[ \t]{4,}[^\n]*\n?)*)/m.exec(block)?.[1] : undefined;
  if (list) {
    const pairs = list.split("\n").map((line) => /^\s+"?([^"\s:]+)"?:?\s+"?([^"\s]+)"?/.exec(line));
    return new Map(pairs.flatMap((match) => (match ? [[match[1]!, match[2]!] as [string, string]] : [])));
  }
  const installed = await readFile(join(directory, "node_modules", PROBOT_MODULE, "package.json"), "utf8")
    .then((text) => record((JSON.parse(text) as Record<string, unknown>).dependencies))
    .catch(() => undefined);
  if (installed) return ranges(installed);
  const valid = semver.validRange(probot) ?? "*";
  const extra = KNOWN_BY_VERSION.filter(([, versions]) => rangesMeet(valid, versions)).map(([name]) => name);
  return new Map([...KNOWN, ...extra].map((name) => [name, ""]));
}

function ranges(dependencies: Record<string, unknown>): Map<string, string> {
  return new Map(Object.entries(dependencies).map(([name, range]) => [name, typeof range === "string" ? range : ""]));
}

const BUILTINS = new Set(builtinModules);

/** The packages a file names (import, export from, require, import(), TypeScript's import types), with their lines. */
function moduleNames(file: string, code: string): Array<{ name: string; specifier: string; line: number }> {
  let ast: AnyNode;
  try {
    ast = parseWithBabel(file, code) as AnyNode;
  } catch {
    return []; // the file's own problem, reported by the migration
  }
  const found: Array<{ name: string; specifier: string; line: number }> = [];
  const add = (literal: AnyNode | undefined) => {
    const specifier = literal?.type === "StringLiteral" ? (literal.value as string) : undefined;
    if (!specifier || /^[./#]|^node:|^[a-z]+:/.test(specifier)) return;
    const name = packageOf(specifier);
    if (!BUILTINS.has(name)) found.push({ name, specifier, line: literal?.loc?.start.line ?? 0 });
  };
  const walk = (node: AnyNode | undefined): void => {
    if (!node || typeof node.type !== "string") return;
    if (/^(Import|ExportAll|ExportNamed)Declaration$/.test(node.type)) add(node.source);
    else if (node.type === "ImportExpression") add(node.source);
    else if (node.type === "TSImportType")
      add(node.argument?.type === "TSLiteralType" ? node.argument.literal : node.argument);
    else if (node.type === "TSExternalModuleReference") add(node.expression);
    else if (node.type === "CallExpression" && isModuleCall(node.callee)) add(node.arguments[0]);
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key === "comments" || key === "leadingComments" || key === "trailingComments") continue;
      if (Array.isArray(value)) for (const item of value) walk(item as AnyNode);
      else if (value && typeof value === "object") walk(value as AnyNode);
    }
  };
  walk(ast);
  return found;
}

/** `require()`, `import()` (older parsers' form), `require.resolve()`, `jest.requireActual()` and their kin. */
function isModuleCall(callee: AnyNode): boolean {
  if (callee.type === "Identifier") return callee.name === "require";
  if (callee.type === "Import") return true;
  const member = callee.type === "MemberExpression" ? (callee.property as AnyNode) : undefined;
  return (
    member?.type === "Identifier" && /^(resolve|requireActual|requireMock|importActual|importMock)$/.test(member.name)
  );
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
