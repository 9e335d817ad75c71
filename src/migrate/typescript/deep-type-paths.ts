import type * as TS from "typescript";
import type { TypeScriptApi } from "./load-typescript.js";
import { packageOf } from "../package-name.js";

/** A path into a package's files (`@octokit/webhooks/dist-types/types.ts`), made the package's root. */
export type DeepPath = { start: number; end: number; line: number; from: string; to: string };

/** A file the check compiles but never writes: it imports each package root the app's deep paths lead into. */
export const PROBE_FILE = "__app-migrate-probe__.ts";

type Candidate = { literal: TS.StringLiteral; names: string[] };

/** Text a file with such an import holds: `from "pkg/…"` or `from "@scope/pkg/…"`. */
const DEEP_SPECIFIER = /\bfrom\s*["'](?:@[^"'/]+\/)?[^"'./][^"'/]*\//;

/**
 * Imports and re-exports of named bindings from a path into a package (`import type { A } from "pkg/dist/x"`) that
 * `applies` (the app does not declare it, so gh-app-kit's copy is what it will get).
 */
export function deepImports(ts: TypeScriptApi, file: TS.SourceFile, applies: (pkg: string) => boolean): Candidate[] {
  const found: Candidate[] = [];
  for (const statement of file.statements) {
    const literal =
      statement.kind === ts.SyntaxKind.ImportDeclaration || statement.kind === ts.SyntaxKind.ExportDeclaration
        ? (statement as TS.ImportDeclaration | TS.ExportDeclaration).moduleSpecifier
        : undefined;
    if (!literal || !ts.isStringLiteral(literal) || /^[./]/.test(literal.text)) continue;
    const pkg = packageOf(literal.text);
    if (pkg === literal.text || !applies(pkg)) continue;
    const names = namedBindings(ts, statement);
    if (names && names.length > 0) found.push({ literal, names });
  }
  return found;
}

/** `{ A, B as C }` of an import or re-export: the names taken (A, B); undefined for a default or namespace import. */
function namedBindings(ts: TypeScriptApi, statement: TS.Statement): string[] | undefined {
  const elements = ts.isImportDeclaration(statement)
    ? statement.importClause && !statement.importClause.name
      ? statement.importClause.namedBindings
      : undefined
    : ts.isExportDeclaration(statement)
      ? statement.exportClause
      : undefined;
  if (!elements || !(ts.isNamedImports(elements) || ts.isNamedExports(elements))) return undefined;
  return elements.elements.map((element) => (element.propertyName ?? element.name).text);
}

/** The probe's text: one namespace import of each package root. */
export function probeText(packages: Iterable<string>): string {
  return (
    [...packages].map((pkg, index) => `import type * as root${index} from ${JSON.stringify(pkg)};\n`).join("") +
    "export {};\n"
  );
}

/**
 * The deep paths to rewrite: each one the compiler cannot resolve (a path the version installed with gh-app-kit does
 * not export), whose package root it resolves and exports every name taken.
 */
export function deepPathsToRoot(
  ts: TypeScriptApi,
  program: TS.Program,
  file: TS.SourceFile,
  candidates: readonly Candidate[],
  probe: TS.SourceFile | undefined,
): DeepPath[] {
  if (!probe) return [];
  const checker = program.getTypeChecker();
  const roots = new Map<string, ReadonlySet<string>>();
  for (const statement of probe.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const symbol = checker.getSymbolAtLocation(statement.moduleSpecifier);
    if (symbol)
      roots.set(statement.moduleSpecifier.text, new Set(checker.getExportsOfModule(symbol).map((s) => s.name)));
  }
  const paths: DeepPath[] = [];
  for (const { literal, names } of candidates) {
    if (checker.getSymbolAtLocation(literal) || literal.getText(file).slice(1, -1) !== literal.text) continue;
    const pkg = packageOf(literal.text);
    const exported = roots.get(pkg);
    if (!exported || !names.every((name) => exported.has(name))) continue;
    const start = literal.getStart(file) + 1;
    const { line } = file.getLineAndCharacterOfPosition(start);
    paths.push({ start, end: literal.end - 1, line: line + 1, from: literal.text, to: pkg });
  }
  return paths;
}

type Held = { text: string; base?: string | undefined; paths: DeepPath[] };

/**
 * Makes each deep path of `memory`'s files that resolves no more, and whose package root exports the names it takes,
 * that root: the held text becomes its `base` (what the `!` of later rounds are inserted into), with its `paths`.
 * `applies(pkg, path)`: the package is one gh-app-kit's install brings in place of the app's.
 */
export function rewriteDeepPaths(
  ts: TypeScriptApi,
  setup: { rootNames: readonly string[]; options: TS.CompilerOptions; host: TS.CompilerHost },
  memory: ReadonlyMap<string, Held>,
  probePath: string,
  applies: (pkg: string, path: string) => boolean,
): void {
  const packages = new Set<string>();
  for (const [path, held] of memory) {
    if (!DEEP_SPECIFIER.test(held.text)) continue; // most files: no parse
    const source = ts.createSourceFile(path, held.text, ts.ScriptTarget.Latest, true);
    for (const { literal } of deepImports(ts, source, (pkg) => applies(pkg, path)))
      packages.add(packageOf(literal.text));
  }
  if (packages.size === 0) return;
  const text = probeText(packages);
  const { host } = setup;
  const probeHost: TS.CompilerHost = {
    ...host,
    fileExists: (path) => path === probePath || host.fileExists(path),
    readFile: (path) => (path === probePath ? text : host.readFile(path)),
    getSourceFile: (path, version, ...rest) =>
      path === probePath ? ts.createSourceFile(path, text, version, true) : host.getSourceFile(path, version, ...rest),
  };
  const program = ts.createProgram({ ...setup, rootNames: [...setup.rootNames, probePath], host: probeHost });
  const probe = program.getSourceFile(probePath);
  for (const [path, held] of memory) {
    const source = program.getSourceFile(path);
    if (!source) continue;
    const paths = deepPathsToRoot(
      ts,
      program,
      source,
      deepImports(ts, source, (pkg) => applies(pkg, path)),
      probe,
    );
    if (paths.length === 0) continue;
    let next = held.text;
    for (const { start, end, to } of [...paths].reverse()) next = next.slice(0, start) + to + next.slice(end);
    held.text = next;
    held.base = next;
    held.paths = paths;
  }
}
