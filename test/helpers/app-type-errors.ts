import { join, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "../..");

/**
 * The compiler's errors for an app's files (`files`, relative to `dir`), strict, with its
 * "gh-app-kit" resolved to this checkout's built declarations; `options` adds the app's own
 * settings (module system, resolution). Each as "file: TS<code> message".
 */
export function appTypeErrors(dir: string, files: string[], options: ts.CompilerOptions): string[] {
  const program = ts.createProgram({
    rootNames: files.map((file) => join(dir, file)),
    options: {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      types: ["node"],
      typeRoots: [join(ROOT, "node_modules/@types")],
      baseUrl: dir,
      paths: { "gh-app-kit": [join(ROOT, "dist/src/index.d.ts")] },
      ...options,
    },
  });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && d.file.fileName.startsWith(dir))
    .map(
      (d) =>
        `${d.file!.fileName.slice(dir.length + 1)}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
}
