import { AppError } from "../errors.js";
import { describeFile, type FileLocation } from "./describe-file.js";
import type { Configuration } from "./types.js";
import { withoutByteOrderMark } from "../helpers/byte-order-mark.js";

/** More aliases than this in one file is an alias bomb ("billion laughs"), not config. */
export const MAX_ALIAS_COUNT = 100;
/** Deeper nesting than this is refused: merging and copying recurse once per level. */
export const MAX_DEPTH = 64;
/** Keys that could reach an object's prototype; they are dropped wherever they appear. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/**
 * YAML 1.2 core schema, no custom tags: a `!!js/function` must never run. A list is kept, as Probot does.
 * The YAML parser loads with the first YAML file: apps that read no config file never pay for it.
 */
export async function parseConfig(text: string, file: FileLocation, url?: string): Promise<Configuration> {
  const source = withoutByteOrderMark(text);
  const json = /\.json$/i.test(file.path);
  const value = json ? parseJson(source, file, url) : parseYaml(await import("./yaml-parser.js"), source, file, url);
  if (value === null || value === undefined) return {};
  if (typeof value !== "object") {
    throw invalid(file, `holds a ${typeof value}, not a mapping of keys to values`);
  }
  // A list is a config too for Probot; its type stays Configuration for the callers' sake.
  const walk: Walk = { file, yaml: !json, expansionsInside: new Map(), count: 0, again: false };
  return sanitize(value, walk, 0) as Configuration;
}

// Probot's words first ("… (invalid YAML)"): apps' tests and log searches match on them.
function unparsable(url: string | undefined, kind: "JSON" | "YAML"): string {
  return url ? `Configuration could not be parsed from ${url} (invalid ${kind}). ` : "";
}

function parseJson(source: string, file: FileLocation, url?: string): unknown {
  if (source.trim() === "") return null;
  try {
    return JSON.parse(source);
  } catch (error) {
    // No cause: V8 quotes the file in it, and the message already says where it broke.
    throw invalid(
      file,
      `is not valid JSON: ${describeJsonError(error as Error, source)}`,
      undefined,
      unparsable(url, "JSON"),
    );
  }
}

function parseYaml(yaml: typeof import("./yaml-parser.js"), source: string, file: FileLocation, url?: string): unknown {
  let documents: unknown[];
  try {
    // Core schema (js-yaml's default), no custom tags: a `!!js/function` must never run.
    documents = yaml.loadAll(source, { maxDepth: MAX_DEPTH });
  } catch (failure) {
    throw yamlError(failure, file, url);
  }
  if (documents.length > 1) {
    throw invalid(file, `holds ${documents.length} YAML documents (separated by ---): a config is one document`);
  }
  return documents[0] ?? null; // a file of comments only is an empty config, as an empty one
}

// js-yaml's YAMLException carries a 0-based mark; our message names the line and column from 1.
// No cause: the parser's message quotes lines of the file, and ours already says where it broke.
function yamlError(failure: unknown, file: FileLocation, url?: string): AppError {
  if (failure instanceof RangeError) return invalid(file, `nests deeper than the parser can follow`, failure);
  const { reason, mark } = failure as { reason?: string; mark?: { line: number; column: number } };
  if (typeof reason !== "string") {
    return invalid(file, `could not be parsed: ${String((failure as Error)?.message).split("\n")[0]}`);
  }
  const where = mark ? ` (line ${mark.line + 1}, column ${mark.column + 1})` : "";
  if (reason.startsWith("nesting exceeded maxDepth"))
    return invalid(file, `nests deeper than ${MAX_DEPTH} levels${where}`);
  const message = reason.replace(/!<tag:yaml\.org,2002:([^>]*)>/, "!!$1").replace(/!<(![^>]*)>/, "$1");
  if (/^unknown (scalar|sequence|mapping) tag /.test(reason)) {
    return invalid(file, `uses a tag this parser does not run: ${message}${where}`);
  }
  return invalid(file, `is not valid YAML: ${message}${where}`, undefined, unparsable(url, "YAML"));
}

// The YAML parser gives every alias of an anchor the same object. Each copy of an object met
// before is an alias expansion, counted with the expansions inside it: past MAX_ALIAS_COUNT the
// file is an alias bomb ("billion laughs"), refused before its copies multiply.
type Walk = { file: FileLocation; yaml: boolean; expansionsInside: Map<object, number>; count: number; again: boolean };

function sanitize(value: unknown, walk: Walk, depth: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) throw invalid(walk.file, `nests deeper than ${MAX_DEPTH} levels`);
  if (walk.again) return copy(value, walk, depth);
  const inside = walk.expansionsInside.get(value);
  if (inside === undefined) {
    const before = walk.count;
    const result = copy(value, walk, depth);
    walk.expansionsInside.set(value, walk.count - before);
    return result;
  }
  walk.count += 1 + inside;
  if (walk.count > MAX_ALIAS_COUNT) {
    throw invalid(walk.file, `expands more than ${MAX_ALIAS_COUNT} aliases (an alias bomb?)`);
  }
  walk.again = true;
  try {
    return copy(value, walk, depth);
  } finally {
    walk.again = false;
  }
}

// Copies the parsed value without unsafe keys, checking the depth and the
// kinds of values on the way: config holds JSON's kinds of values only.
function copy(value: object, walk: Walk, depth: number): unknown {
  const { file } = walk;
  if (Array.isArray(value)) return value.map((item) => sanitize(item, walk, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) {
    throw invalid(
      file,
      `holds a ${value.constructor?.name ?? "special"} value: config holds strings, numbers, booleans, null, lists and mappings only`,
    );
  }
  const result: Configuration = {};
  for (const [key, item] of Object.entries(value)) {
    if (walk.yaml && key === "<<") {
      throw invalid(
        file,
        "uses a YAML merge key (<<), which is not supported: write the keys out, or share them with _extends",
      );
    }
    if (!UNSAFE_KEYS.has(key)) result[key] = sanitize(item, walk, depth + 1);
  }
  return result;
}

// V8 quotes the start of the text in its message; keep only what went wrong, and where.
function describeJsonError(error: Error, source: string): string {
  const message = error.message.replace(/,\s*".*$/s, "").replace(/ in JSON at position \d+$/, "");
  const position = /at position (\d+)/.exec(error.message)?.[1];
  if (position === undefined) return message;
  const before = source.slice(0, Number(position)).split("\n");
  return `${message} (line ${before.length}, column ${before.at(-1)!.length + 1})`;
}

export function invalid(file: FileLocation, problem: string, cause?: unknown, prefix = ""): AppError {
  return new AppError("CONFIG_INVALID", `${prefix}The config file ${describeFile(file)} ${problem}.`, {
    hint: `Fix ${file.path} in ${file.owner}/${file.repo}: it must hold a YAML or JSON mapping, such as "key: value".`,
    cause,
  });
}
