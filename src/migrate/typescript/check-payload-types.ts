import { existsSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import type * as TS from "typescript";
import { findFrameworkRoot } from "../../scaffold/find-framework-root.js";
import { frameworkResolution } from "./framework-resolution.js";
import { loadAppTypeScript, type TypeScriptApi } from "./load-typescript.js";
import { findPayloadFields, PAYLOAD_CODES, type PayloadField } from "./payload-fields.js";
import { NonNullInsertions } from "./non-null-insertions.js";
import { frameworkCopies } from "./undeclared-packages.js";
import { PROBE_FILE, rewriteDeepPaths, type DeepPath } from "./deep-type-paths.js";
import { parsedOnce } from "./parsed-files.js";

/** A fix can show the next field (`pr.head.repo.owner`): the compiler is asked again, this many times at most. */
const ROUNDS = 6;
const TYPESCRIPT_FILE = /(?<!\.d)\.[cm]?tsx?$/;

type HeldFile = {
  file: string;
  text: string;
  fields: PayloadField[];
  insertions: NonNullInsertions;
  /** The text with its deep paths made package roots (deep-type-paths.ts), before any `!`. */
  base?: string | undefined;
  paths: DeepPath[];
};

export type CheckedFile = Pick<HeldFile, "fields" | "insertions" | "base" | "paths"> & { code: string };

export type PayloadCheck =
  | { ran: false; reason?: string }
  | {
      ran: true;
      /** Per file (as given): the text with its `!` (and deep paths made roots), and each insertion made. */
      files: Map<string, CheckedFile>;
      /** Errors of the kinds the check answers still there after it (payload fields it could not assert among them). */
      remaining: number;
    };

/**
 * Where the app's compiler, with this package's types, stops at a webhook payload field that may
 * be null or absent (and Probot 12 and 13's types said was always there), the field is asserted
 * with `!`: what those types told the compiler, so nothing changes at run time. Needs the app's own
 * `typescript` and a `tsconfig.json`; `texts` are the app's files as migrated so far (relative paths).
 */
export function checkPayloadTypes(directory: string, texts: ReadonlyMap<string, string>): PayloadCheck {
  if (![...texts.keys()].some((file) => TYPESCRIPT_FILE.test(file))) return { ran: false };
  const loaded = loadAppTypeScript(directory);
  if ("missing" in loaded) return { ran: false };
  if ("reason" in loaded) return { ran: false, reason: loaded.reason };
  const groups = byNearestConfig(directory, texts);
  if (groups.size === 0) return { ran: false, reason: "the app has no tsconfig.json" };
  const files: Extract<PayloadCheck, { ran: true }>["files"] = new Map();
  let remaining = 0;
  for (const [configPath, group] of groups) {
    let result: PayloadCheck;
    try {
      result = run(loaded.ts, directory, configPath, group);
    } catch (error) {
      result = { ran: false, reason: `the check failed (${(error as Error).message})` };
    }
    if (!result.ran) return result;
    for (const [file, found] of result.files) files.set(file, found);
    remaining += result.remaining;
  }
  return { ran: true, files, remaining };
}

/** The TypeScript files by the tsconfig.json nearest to each, in its folder or above, up to the app's (a workspace's packages have their own). */
function byNearestConfig(directory: string, texts: ReadonlyMap<string, string>): Map<string, Map<string, string>> {
  const groups = new Map<string, Map<string, string>>();
  for (const [file, text] of texts) {
    if (!TYPESCRIPT_FILE.test(file)) continue;
    for (let folder = dirname(join(directory, file)); folder.startsWith(directory); folder = dirname(folder)) {
      const configPath = join(folder, "tsconfig.json");
      if (existsSync(configPath)) {
        (groups.get(configPath) ?? groups.set(configPath, new Map()).get(configPath)!).set(file, text);
        break;
      }
      if (folder === directory) break;
    }
  }
  return groups;
}

function run(
  ts: TypeScriptApi,
  directory: string,
  configPath: string,
  texts: ReadonlyMap<string, string>,
): PayloadCheck {
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) return { ran: false, reason: `tsconfig.json: ${ts.flattenDiagnosticMessageText(error.messageText, " ")}` };
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configPath), undefined, configPath);
  const options: TS.CompilerOptions = { ...parsed.options, noEmit: true, incremental: false, composite: false };
  const slash = (path: string) => path.split(sep).join("/");
  const memory = new Map<string, HeldFile>();
  for (const [file, text] of texts) {
    if (TYPESCRIPT_FILE.test(file))
      memory.set(slash(join(directory, file)), {
        file,
        text,
        fields: [],
        insertions: new NonNullInsertions(),
        paths: [],
      });
  }
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, readFile, fileExists } = host;
  host.fileExists = (path) => memory.has(slash(path)) || fileExists.call(host, path);
  host.readFile = (path) => memory.get(slash(path))?.text ?? readFile.call(host, path);
  const fromDisk = parsedOnce(ts, options, getSourceFile.bind(host));
  host.getSourceFile = (path, version, ...rest) => {
    const held = memory.get(slash(path));
    return held ? ts.createSourceFile(path, held.text, version, true) : fromDisk(path, version, ...rest);
  };
  const frameworkRoot = findFrameworkRoot();
  const takesFrameworkCopy = frameworkCopies(directory, frameworkRoot);
  host.resolveModuleNames = frameworkResolution(ts, options, frameworkRoot, takesFrameworkCopy);
  const rootNames = [...new Set([...parsed.fileNames.map(slash), ...memory.keys()])];
  rewriteDeepPaths(ts, { rootNames, options, host }, memory, slash(join(directory, PROBE_FILE)), takesFrameworkCopy);
  let program: TS.Program | undefined;
  let remaining = 0;
  for (let round = 0; ; round++) {
    program = ts.createProgram({ rootNames, options, host, ...(program ? { oldProgram: program } : {}) });
    const found: Array<[path: string, PayloadField[]]> = [];
    remaining = 0;
    for (const [path] of memory) {
      const source = program.getSourceFile(path);
      if (!source) continue;
      const diagnostics = program.getSemanticDiagnostics(source);
      remaining += diagnostics.filter((d) => isPayloadKind(ts, d)).length;
      const fields = findPayloadFields(ts, program, source, diagnostics);
      if (fields.length > 0) found.push([path, fields]);
    }
    if (found.length === 0 || round === ROUNDS) break;
    for (const [path, fields] of found) {
      const held = memory.get(path)!;
      held.text = held.insertions.insert(
        held.text,
        fields.map((field) => field.position),
      );
      held.fields.push(...fields);
    }
  }
  const files = new Map(
    [...memory.values()]
      .filter((held) => held.fields.length + held.paths.length > 0)
      .map(({ file, text, fields, insertions, base, paths }) => [
        file,
        { code: text, fields, insertions, base, paths },
      ]),
  );
  return { ran: true, files, remaining };
}

/** An error of the kinds the check answers, that names null or undefined. */
function isPayloadKind(ts: TypeScriptApi, diagnostic: TS.Diagnostic): boolean {
  return (
    PAYLOAD_CODES.has(diagnostic.code) &&
    /\b(null|undefined)\b/.test(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
  );
}
