import type { LineCounter, YAMLError } from "yaml";
import { AppError } from "../errors.js";
import { describeFile, type FileLocation } from "./describe-file.js";
import type { Configuration } from "./types.js";

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
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const json = /\.json$/i.test(file.path);
  const value = json ? parseJson(source, file, url) : parseYaml(await import("./yaml-parser.js"), source, file, url);
  if (value === null || value === undefined) return {};
  if (typeof value !== "object") {
    throw invalid(file, `holds a ${typeof value}, not a mapping of keys to values`);
  }
  // A list is a config too for Probot; its type stays Configuration for the callers' sake.
  return sanitize(value, file, 0, !json) as Configuration;
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
  const { LineCounter, parseDocument } = yaml;
  const lineCounter = new LineCounter();
  const document = guard(file, () =>
    parseDocument(source, {
      schema: "core",
      customTags: [],
      merge: false,
      uniqueKeys: true,
      prettyErrors: false,
      lineCounter,
    }),
  );
  const [error] = document.errors;
  if (error)
    throw invalid(file, `is not valid YAML: ${describeYamlError(error, lineCounter)}`, error, unparsable(url, "YAML"));
  const tag = document.warnings.find((warning) => warning.code === "TAG_RESOLVE_FAILED");
  if (tag) {
    throw invalid(file, `uses a tag this parser does not run: ${describeYamlError(tag, lineCounter)}`, tag);
  }
  return guard(file, () => document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
}

// The parser recurses per level and counts alias expansions: both end in a throw we name.
function guard<T>(file: FileLocation, parse: () => T): T {
  try {
    return parse();
  } catch (failure) {
    if (failure instanceof RangeError) throw invalid(file, `nests deeper than the parser can follow`, failure);
    if (/alias/i.test((failure as Error).message)) {
      throw invalid(file, `expands more than ${MAX_ALIAS_COUNT} aliases (an alias bomb?)`, failure);
    }
    throw invalid(file, `could not be parsed: ${(failure as Error).message.split("\n")[0]}`, failure);
  }
}

// Copies the parsed value without unsafe keys, checking the depth and the
// kinds of values on the way: config holds JSON's kinds of values only.
function sanitize(value: unknown, file: FileLocation, depth: number, yaml: boolean): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) throw invalid(file, `nests deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(value)) return value.map((item) => sanitize(item, file, depth + 1, yaml));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) {
    throw invalid(
      file,
      `holds a ${(value as object).constructor?.name ?? "special"} value (a YAML !!timestamp, !!set, !!omap or !!binary?): ` +
        "config holds strings, numbers, booleans, null, lists and mappings only",
    );
  }
  const copy: Configuration = {};
  for (const [key, item] of Object.entries(value)) {
    if (yaml && key === "<<") {
      throw invalid(
        file,
        "uses a YAML merge key (<<), which is not supported: write the keys out, or share them with _extends",
      );
    }
    if (!UNSAFE_KEYS.has(key)) copy[key] = sanitize(item, file, depth + 1, yaml);
  }
  return copy;
}

// V8 quotes the start of the text in its message; keep only what went wrong, and where.
function describeJsonError(error: Error, source: string): string {
  const message = error.message.replace(/,\s*".*$/s, "").replace(/ in JSON at position \d+$/, "");
  const position = /at position (\d+)/.exec(error.message)?.[1];
  if (position === undefined) return message;
  const before = source.slice(0, Number(position)).split("\n");
  return `${message} (line ${before.length}, column ${before.at(-1)!.length + 1})`;
}

function describeYamlError(error: YAMLError, lineCounter: LineCounter): string {
  const { line, col } = lineCounter.linePos(error.pos[0]);
  const message = error.message.split("\n")[0]!.replace("tag:yaml.org,2002:", "!!").replace(/\.?$/, "");
  return `${message} (line ${line}, column ${col})`;
}

export function invalid(file: FileLocation, problem: string, cause?: unknown, prefix = ""): AppError {
  return new AppError("CONFIG_INVALID", `${prefix}The config file ${describeFile(file)} ${problem}.`, {
    hint: `Fix ${file.path} in ${file.owner}/${file.repo}: it must hold a YAML or JSON mapping, such as "key: value".`,
    cause,
  });
}
