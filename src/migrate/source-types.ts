import type { types } from "recast";

/** A Babel AST node as recast hands it over; fields are read by name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyNode = { type: string; loc?: { start: { line: number } } | null; [field: string]: any };

/** A recast path: a node with its parent, field name and scope. */
export type Path = types.NodePath<AnyNode>;

/** A recast scope; `lookup` finds the scope that declares a name. */
export type Scope = { lookup(name: string): Scope | null; isGlobal: boolean; node: AnyNode; getBindings(): Record<string, Path[]> };

/** One edit the migration made, for the report. */
export type Change = { line: number; text: string };

/** Something the migration could not do, with what the user should do. */
export type Problem = { line?: number | undefined; message: string; hint: string };

/** What each pass adds to. */
export type SourceLog = { changes: Change[]; problems: Problem[] };

/** The line of a node in the original file (0 for a node the migration made). */
export function lineOf(node: AnyNode | null | undefined): number {
  return node?.loc?.start.line ?? 0;
}

/** An identifier's name, or a string literal's value, of a property key. */
export function keyName(node: AnyNode | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === "Identifier") return node.name as string;
  if (node.type === "StringLiteral" || (node.type === "Literal" && typeof node.value === "string")) return node.value as string;
  return undefined;
}
