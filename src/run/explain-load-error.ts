import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, extname, isAbsolute, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** Names the two mistakes newcomers make first: ESM syntax in a CommonJS package, a .ts file given to Node. */
export function explainLoadError(error: unknown, file: string, basedir: string): { reason: string; hint: string } {
  const message = (error as Error | undefined)?.message ?? String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  if (
    error instanceof SyntaxError &&
    /Unexpected token 'export'|Cannot use import statement outside a module/.test(message) &&
    extname(file) === ".js"
  ) {
    const manifest = findPackageJson(dirname(file));
    const where = manifest
      ? `${manifest} does not say "type": "module"`
      : 'no package.json above it says "type": "module"';
    return {
      reason: `${basename(file)} is an ES module (it uses export or import), but Node loads it as CommonJS: ${where}.`,
      hint: `Add "type": "module" to ${manifest ?? "the project's package.json"}, or rename the file to ${basename(file, ".js")}.mjs.`,
    };
  }
  if (code === "ERR_UNKNOWN_FILE_EXTENSION" && /\.(c|m)?tsx?$/.test(file)) {
    const built = compiledFile(file, basedir);
    return {
      reason: `Node cannot run the TypeScript file ${relative(basedir, file) || file} by itself.`,
      hint: built
        ? `Build the app (npm run build) and pass the compiled file: ./${built}. Or install a TypeScript loader in the project (npm install --save-dev tsx) to run .ts files directly.`
        : "Build the app (npm run build, or tsc) and pass the compiled .js file, e.g. ./dist/src/index.js. Or install a TypeScript loader in the project (npm install --save-dev tsx) to run .ts files directly.",
    };
  }
  const at = error instanceof SyntaxError ? (syntaxErrorAt(error) ?? checkedSyntaxError(file)) : undefined;
  if (at) {
    const shown = relative(basedir, at.file);
    return {
      reason: `${message} (${shown && !shown.startsWith("..") ? shown : at.file}:${at.line})`,
      hint: `Fix line ${at.line} of ${at.file}.`,
    };
  }
  return { reason: message, hint: `Fix the error in ${file}.` };
}

/**
 * Where the syntax error of the app's own file is, by `node --check` (an ES module's syntax error carries no
 * place in its stack; Node prints it only for an error it does not catch). Only on this error's path.
 */
function checkedSyntaxError(file: string): { file: string; line: number } | undefined {
  if (!/\.[cm]?js$/.test(file)) return undefined;
  const checked = spawnSync(process.execPath, ["--check", file], { encoding: "utf8", timeout: 10_000 });
  const head = /^(.+):(\d+)\r?\n/.exec(checked.stderr ?? "");
  return head && head[1] === file ? { file, line: Number(head[2]) } : undefined;
}

/**
 * Where a syntax error is, as Node puts it first in the error's stack when it compiles a file: `file:line`, then
 * the line's text and a caret. The file may be one the app imports.
 */
function syntaxErrorAt(error: SyntaxError): { file: string; line: number } | undefined {
  const head = /^(.+):(\d+)\r?\n/.exec(error.stack ?? "");
  if (!head) return undefined;
  let file = head[1] as string;
  if (file.startsWith("file://")) {
    try {
      file = fileURLToPath(file);
    } catch {
      return undefined;
    }
  }
  return isAbsolute(file) ? { file, line: Number(head[2]) } : undefined;
}

function findPackageJson(from: string): string | undefined {
  for (let folder = from, depth = 0; depth < 32; depth++) {
    const candidate = join(folder, "package.json");
    if (existsSync(candidate)) return candidate;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
  return undefined;
}

/** Where tsc puts `file` by the project's tsconfig.json `outDir` (relative to `basedir`), e.g. dist/src/index.js. */
function compiledFile(file: string, basedir: string): string | undefined {
  let outDir = "dist";
  try {
    const config = JSON.parse(readFileSync(join(basedir, "tsconfig.json"), "utf8")) as {
      compilerOptions?: { outDir?: string };
    };
    outDir = config.compilerOptions?.outDir ?? outDir;
  } catch {
    // No tsconfig.json, or one with comments: guess the usual dist/.
  }
  const source = relative(basedir, file);
  if (source.startsWith("..")) return undefined;
  return join(outDir, source)
    .replace(/\.(c|m)?tsx?$/, (ext) => ext.replace(/tsx?$/, "js"))
    .replace(/^\.\//, "");
}
