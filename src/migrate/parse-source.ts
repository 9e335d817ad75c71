import { parse as babelParse, type ParserPlugin } from "@babel/parser";

export const SOURCE_EXTENSIONS = [".js", ".cjs", ".mjs", ".jsx", ".ts", ".cts", ".mts", ".tsx"] as const;

/** Syntax any file may hold: older JSON imports (`assert { type: "json" }`), decorators and auto-accessors. */
const COMMON: ParserPlugin[] = ["decorators-legacy", "decoratorAutoAccessors", "deprecatedImportAssert"];

/** Babel's plugins for a file: `<T>x` casts in .ts files rule out JSX there. */
function pluginsFor(file: string): ParserPlugin[] {
  if (/\.tsx$/.test(file)) return ["typescript", "jsx", ...COMMON];
  // A declaration file declares values without initializers (`export const x: T;`).
  if (DECLARATION_FILE.test(file)) return [["typescript", { dts: true }], ...COMMON];
  if (/\.[cm]?ts$/.test(file)) return ["typescript", ...COMMON];
  return ["jsx", ...COMMON];
}

/**
 * Babel's tree of the text exactly as read: every `start`/`end` is an offset into `code`, which is
 * what the edits are made on. Not recast.parse: it hands the parser a copy with leading tabs expanded
 * and line ends made "\n", so its offsets point elsewhere in a file indented with tabs or with CRLF.
 */
export function parseWithBabel(file: string, code: string): ReturnType<typeof babelParse> {
  try {
    return parseWith(code, pluginsFor(file));
  } catch (error) {
    // A JavaScript file with Flow types (`// @flow`): the same file read with Flow's syntax.
    if (/\.[cm]?jsx?$/.test(file)) {
      try {
        return parseWith(code, ["jsx", "flow", ...COMMON]);
      } catch {
        // the first error tells more
      }
    }
    // A declaration file that declares a name twice (`import type { A as Core }` twice): TypeScript
    // does not check declaration files under skipLibCheck, so apps ship them. Read again, allowing that alone.
    if (DECLARATION_FILE.test(file) && (error as { reasonCode?: string }).reasonCode === "VarRedeclaration") {
      const ast = parseWith(code, pluginsFor(file), true);
      if (ast.errors?.every((e) => e.reasonCode === "VarRedeclaration")) return ast;
    }
    throw error;
  }
}

const DECLARATION_FILE = /\.d\.[cm]?ts$/;

function parseWith(code: string, plugins: ParserPlugin[], errorRecovery = false): ReturnType<typeof babelParse> {
  return babelParse(code, {
    // "unambiguous": CommonJS files are scripts, files with import/export are modules.
    sourceType: "unambiguous",
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true,
    allowImportExportEverywhere: true,
    allowNewTargetOutsideFunction: true,
    allowSuperOutsideMethod: true,
    allowUndeclaredExports: true,
    errorRecovery,
    plugins,
  });
}
