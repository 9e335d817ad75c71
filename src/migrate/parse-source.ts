import { parse as babelParse, type ParserPlugin } from "@babel/parser";
import * as recast from "recast";

export const SOURCE_EXTENSIONS = [".js", ".cjs", ".mjs", ".jsx", ".ts", ".cts", ".mts", ".tsx"] as const;

/** Babel's plugins for a file: `<T>x` casts in .ts files rule out JSX there. */
function pluginsFor(file: string): ParserPlugin[] {
  if (/\.tsx$/.test(file)) return ["typescript", "jsx", "decorators-legacy"];
  if (/\.[cm]?ts$/.test(file)) return ["typescript", "decorators-legacy"];
  return ["jsx", "decorators-legacy"];
}

/** recast, so printing again keeps the formatting of every node left alone. */
export function parseSource(file: string, code: string): recast.types.namedTypes.File {
  return recast.parse(code, {
    parser: { parse: (source: string) => parseWithBabel(file, source) },
  }) as recast.types.namedTypes.File;
}

/** Babel's own tree: its `comments` keep their offsets (recast moves them onto nodes). */
export function parseWithBabel(file: string, code: string): ReturnType<typeof babelParse> {
  return babelParse(code, {
    // "unambiguous": CommonJS files are scripts, files with import/export are modules.
    sourceType: "unambiguous",
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true,
    allowImportExportEverywhere: true,
    errorRecovery: false,
    tokens: true, // recast reuses the original tokens to keep the formatting
    plugins: pluginsFor(file),
  });
}
