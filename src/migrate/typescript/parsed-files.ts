import { statSync } from "node:fs";
import type * as TS from "typescript";
import type { TypeScriptApi } from "./load-typescript.js";

/** The compiler options a parsed file depends on: TypeScript's `sourceFileAffectingCompilerOptions`, and `strict`, which sets `alwaysStrict`. */
const AFFECTING = [
  "target",
  "module",
  "jsx",
  "jsxImportSource",
  "importHelpers",
  "alwaysStrict",
  "strict",
  "noFallthroughCasesInSwitch",
  "moduleResolution",
  "allowUnusedLabels",
  "allowUnreachableCode",
  "moduleDetection",
] as const;

/** Past this many files a process's parses are dropped and made again: a bound, never reached by one app. */
const MOST = 20_000;

type Parsed = { mtimeMs: number; size: number; file: TS.SourceFile | undefined };

/** Per TypeScript (the app's own, one per version): its parsed files by path and settings. */
const cache = new WeakMap<TypeScriptApi, Map<string, Parsed>>();

/**
 * `getSourceFile` of a compiler host, with each file on disk parsed once per process for the same
 * settings, and parsed again once it changed. Each program the check makes (a round, the probe, a
 * workspace's next tsconfig.json) asks for every file again, above all the packages' declarations:
 * megabytes of text that cost the compiler seconds to parse each time. A program reuses the very
 * files it is handed as unchanged.
 */
export function parsedOnce(
  ts: TypeScriptApi,
  options: TS.CompilerOptions,
  getSourceFile: TS.CompilerHost["getSourceFile"],
): TS.CompilerHost["getSourceFile"] {
  const files = cache.get(ts) ?? cache.set(ts, new Map()).get(ts)!;
  const settings = AFFECTING.map((name) => String(options[name])).join(",");
  return (path, version, ...rest) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return getSourceFile(path, version, ...rest);
    }
    const target =
      typeof version === "object" ? `${version.languageVersion}:${version.impliedNodeFormat}` : String(version);
    const key = `${path}\0${target}\0${settings}`;
    const known = files.get(key);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.file;
    if (files.size >= MOST) files.clear();
    const file = getSourceFile(path, version, ...rest);
    files.set(key, { mtimeMs: stat.mtimeMs, size: stat.size, file });
    return file;
  };
}
