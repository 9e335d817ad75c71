import { parse as babelParse, type ParserPlugin } from "@babel/parser";
import type { AnyNode } from "./source-types.js";

export const SOURCE_EXTENSIONS = [".js", ".cjs", ".mjs", ".jsx", ".ts", ".cts", ".mts", ".tsx"] as const;

/** Syntax any file may hold: older JSON imports (`assert { type: "json" }`), decorators and auto-accessors. */
const COMMON: ParserPlugin[] = ["decorators-legacy", "decoratorAutoAccessors", "deprecatedImportAssert"];

/** Babel's plugins for a file: `<T>x` casts in .ts files rule out JSX there. */
function pluginsFor(file: string): ParserPlugin[] {
  if (/\.tsx$/.test(file)) return ["typescript", "jsx", ...COMMON];
  // A declaration file declares values without initializers (`export const x: T;`).
  if (/\.d\.[cm]?ts$/.test(file)) return [["typescript", { dts: true }], ...COMMON];
  if (/\.[cm]?ts$/.test(file)) return ["typescript", ...COMMON];
  return ["jsx", ...COMMON];
}

/**
 * Babel's tree of `code`, or undefined where it does not parse: for the reports that read every file, where an
 * unreadable file is left to its own migration, which says so.
 */
export function readableTree(file: string, code: string): AnyNode | undefined {
  try {
    return parseWithBabel(file, code) as unknown as AnyNode;
  } catch {
    return undefined;
  }
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
    // A CommonJS script that uses `await` as a name (`var await = ...`), which a top-level `await`
    // rules out: the file read as a script only.
    if (!/\.m[jt]s$/.test(file)) {
      try {
        return parseWith(code, pluginsFor(file), "script");
      } catch {
        // the first error tells more
      }
    }
    // A declaration file that declares a name twice (two `import type { X }` of one name), which the
    // compiler leaves unchecked under skipLibCheck, so apps ship them: the tree is the same, so read
    // on, past that error alone. Elsewhere it stays an error the app's own tools report too.
    const recovered = /\.d\.[cm]?ts$/.test(file) ? parseRecovering(code, pluginsFor(file)) : undefined;
    if (recovered) return recovered;
    throw error;
  }
}

const HARMLESS = new Set(["VarRedeclaration"]);

function parseRecovering(code: string, plugins: ParserPlugin[]): ReturnType<typeof babelParse> | undefined {
  try {
    const ast = babelParse(code, { ...OPTIONS, sourceType: "unambiguous", errorRecovery: true, plugins });
    const errors = (ast as { errors?: Array<{ reasonCode?: string }> }).errors ?? [];
    return errors.every((found) => found.reasonCode !== undefined && HARMLESS.has(found.reasonCode)) ? ast : undefined;
  } catch {
    return undefined;
  }
}

function parseWith(
  code: string,
  plugins: ParserPlugin[],
  sourceType: "unambiguous" | "script" = "unambiguous",
): ReturnType<typeof babelParse> {
  return babelParse(code, {
    ...OPTIONS,
    // "unambiguous": CommonJS files are scripts, files with import/export are modules.
    sourceType,
    allowAwaitOutsideFunction: sourceType === "unambiguous",
    errorRecovery: false,
    plugins,
  });
}

const OPTIONS = {
  allowReturnOutsideFunction: true,
  allowAwaitOutsideFunction: true,
  allowImportExportEverywhere: true,
  allowNewTargetOutsideFunction: true,
  allowSuperOutsideMethod: true,
  allowUndeclaredExports: true,
} as const;
