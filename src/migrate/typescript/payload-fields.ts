import type * as TS from "typescript";
import type { TypeScriptApi } from "./load-typescript.js";

/** "Object is possibly 'null'" (or 'undefined', or both), of an expression or of a named one. */
const MAYBE_ABSENT = new Set([18047, 18048, 18049, 2531, 2532, 2533]);
/** Not assignable: to a declared type (TS2322), to a parameter (TS2345). */
const NOT_ASSIGNABLE = new Set([2322, 2345]);
/** The codes this check answers; one still there after it is reported as before. */
export const PAYLOAD_CODES = new Set([...MAYBE_ABSENT, ...NOT_ASSIGNABLE]);

/**
 * The declarations of the platform's schema: webhook payloads (`@octokit/openapi-webhooks-types`, which
 * `@octokit/webhooks` names, also in this package's copy for TypeScript 4, and Probot 12 and 13's), and the REST
 * API's answers (`@octokit/openapi-types`: `pulls.listFiles`' `sha`, a `string` in Probot 12's types).
 */
const PAYLOAD_DECLARATIONS =
  /[\\/](@octokit[\\/](openapi-webhooks-types|webhooks-types|webhooks|openapi-types)|dist[\\/]ts4[\\/]octokit-webhooks)[\\/]/;

/** The REST API's answers alone. */
const ANSWER_DECLARATIONS = /[\\/]@octokit[\\/]openapi-types[\\/]/;

/** `answer`: a field of the REST API's answers, not of a webhook payload. */
export type PayloadField = { file: string; position: number; line: number; expression: string; answer: boolean };

/**
 * Each place where the compiler stops at a payload field that may be null or absent: the end of
 * that field's read (`pr.user` in `pr.user.login`), where a `!` asserts it as Probot's own types
 * did. Reads of the app's own types, and anything else, are left alone.
 */
export function findPayloadFields(
  ts: TypeScriptApi,
  program: TS.Program,
  file: TS.SourceFile,
  diagnostics: readonly TS.Diagnostic[],
): PayloadField[] {
  const checker = program.getTypeChecker();
  const found = new Map<number, PayloadField>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.file !== file || diagnostic.start === undefined || !PAYLOAD_CODES.has(diagnostic.code)) continue;
    const node = nodeAt(ts, file, diagnostic.start, diagnostic.length ?? 0) ?? returnedAt(ts, file, diagnostic.start);
    const at = node && (MAYBE_ABSENT.has(diagnostic.code) ? node : passedOn(ts, node));
    // A field destructured from a payload or an answer (`({ user }) => user.login`): asserted where it is read.
    const bound = at && ts.isIdentifier(at) ? destructuredField(ts, checker, at) : undefined;
    const read = bound ? at : at && ts.isIdentifier(at) ? constInitializer(ts, checker, at, file) : at;
    if (!read || (!bound && !ts.isPropertyAccessExpression(read))) continue;
    const declared = bound ?? declaredIn(checker, read as TS.PropertyAccessExpression);
    if (declared.length === 0 || !declared.every((declaration) => PAYLOAD_DECLARATIONS.test(declaration))) continue;
    if (!mayBeAbsent(ts, checker.getTypeAtLocation(read))) continue;
    const { line } = file.getLineAndCharacterOfPosition(read.getStart(file));
    const answer = declared.every((declaration) => ANSWER_DECLARATIONS.test(declaration));
    const expression = read.getText(file);
    found.set(read.end, { file: file.fileName, position: read.end, line: line + 1, expression, answer });
  }
  return [...found.values()];
}

/** The outermost node spanning exactly [start, start + length). */
function nodeAt(ts: TypeScriptApi, file: TS.SourceFile, start: number, length: number): TS.Node | undefined {
  const end = start + length;
  let node: TS.Node = file;
  for (;;) {
    if (node !== file && node.getStart(file) === start && node.end === end) return node;
    const inner: TS.Node | undefined = ts.forEachChild(node, (child) =>
      child.getStart(file) <= start && child.end >= end ? child : undefined,
    );
    if (!inner) return undefined;
    node = inner;
  }
}

/** What a `return` gives, where TS2322 points at the `return` keyword itself (a token, no node of its own). */
function returnedAt(ts: TypeScriptApi, file: TS.SourceFile, start: number): TS.Node | undefined {
  const find = (node: TS.Node): TS.Node | undefined =>
    node.getStart(file) <= start && node.end > start
      ? ts.isReturnStatement(node) && node.getStart(file) === start
        ? node.expression
        : ts.forEachChild(node, find)
      : undefined;
  return find(file);
}

/** The value passed on where TS2322/TS2345 points: the argument itself, or what a key or variable is given. */
function passedOn(ts: TypeScriptApi, node: TS.Node): TS.Node | undefined {
  if (ts.isReturnStatement(node)) return node.expression; // TypeScript 4.9, in an async function: the whole statement
  const parent = node.parent;
  if (parent && (ts.isPropertyAssignment(parent) || ts.isVariableDeclaration(parent)) && parent.name === node)
    return parent.initializer;
  return ts.isPropertyAccessExpression(node) || ts.isIdentifier(node) ? node : undefined;
}

/** The files that declare the property read. */
function declaredIn(checker: TS.TypeChecker, read: TS.PropertyAccessExpression): string[] {
  const declarations = checker.getSymbolAtLocation(read.name)?.declarations ?? [];
  return declarations.map((declaration) => declaration.getSourceFile().fileName);
}

function mayBeAbsent(ts: TypeScriptApi, type: TS.Type): boolean {
  const parts = type.isUnion() ? type.types : [type];
  return parts.some((part) => (part.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)) !== 0);
}

/**
 * The files that declare the field a name was destructured from (`{ user }` or `{ user: author }` in a
 * parameter or a declaration, without a default), or undefined where the name is not such a binding.
 */
function destructuredField(ts: TypeScriptApi, checker: TS.TypeChecker, name: TS.Identifier): string[] | undefined {
  const declaration = checker.getSymbolAtLocation(name)?.valueDeclaration;
  if (!declaration || !ts.isBindingElement(declaration) || declaration.initializer || declaration.dotDotDotToken)
    return;
  const pattern = declaration.parent;
  if (!ts.isObjectBindingPattern(pattern)) return;
  const key = declaration.propertyName ?? declaration.name;
  if (!ts.isIdentifier(key)) return;
  const field = checker.getTypeAtLocation(pattern).getProperty(key.text);
  return (field?.declarations ?? []).map((node) => node.getSourceFile().fileName);
}

/** What a `const` of the same file without a declared type was given (`const alertNumber = alert.number`). */
function constInitializer(
  ts: TypeScriptApi,
  checker: TS.TypeChecker,
  name: TS.Identifier,
  file: TS.SourceFile,
): TS.Node | undefined {
  const declaration = checker.getSymbolAtLocation(name)?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || declaration.type || !declaration.initializer) return;
  if (declaration.getSourceFile() !== file || !(ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const)) return;
  return declaration.initializer;
}
