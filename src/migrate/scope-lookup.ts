import { visit } from "recast";
import type { AnyNode, Path, Scope } from "./source-types.js";

export function scopeNode(path: Path): AnyNode {
  return (path.scope as unknown as Scope).node;
}

/**
 * Nodes, not scope objects: every visit builds new scopes. Not ast-types'
 * `lookup`: it throws "null does not match type Pattern" on `catch { }`.
 */
export function declaringScope(path: Path, name: string): AnyNode | null {
  for (let scope = path.scope as unknown as Scope | null; scope; scope = scope.parent) {
    const node = scope.node;
    if (
      node.type === "CatchClause"
        ? patternDeclares(node.param, name)
        : scope.declares(name) || varsInSkippedCatches(node).has(name)
    )
      return node;
  }
  return null;
}

/** True when a binding pattern (`e`, `{ message }`, `[a, ...rest]`, none) binds `name`. */
function patternDeclares(pattern: AnyNode | null | undefined, name: string): boolean {
  const names = new Set<string>();
  collectPatternNames(pattern, names);
  return names.has(name);
}

const skippedCatchVars = new WeakMap<AnyNode, Set<string>>();

/** ast-types' scan skips catch bodies whose parameter is not a plain name, though they declare outside. */
function varsInSkippedCatches(scopeNode: AnyNode): Set<string> {
  const cached = skippedCatchVars.get(scopeNode);
  if (cached) return cached;
  const found = new Set<string>();
  let depth = 0; // how many such catch clauses the walk is in
  visit(scopeNode, {
    visitFunction(path) {
      const node = path.node as AnyNode;
      if (node === scopeNode) this.traverse(path);
      else if (depth > 0 && node.type === "FunctionDeclaration" && node.id) found.add(node.id.name as string);
      return false; // a nested function is a scope of its own
    },
    visitCatchClause(path) {
      const skipped = (path.node as AnyNode).param?.type !== "Identifier";
      if (skipped) depth++;
      this.traverse(path);
      if (skipped) depth--;
    },
    visitVariableDeclaration(path) {
      const node = path.node as AnyNode;
      if (depth > 0 && node.kind === "var")
        for (const declarator of node.declarations as AnyNode[]) collectPatternNames(declarator.id, found);
      this.traverse(path);
    },
  });
  skippedCatchVars.set(scopeNode, found);
  return found;
}

function collectPatternNames(pattern: AnyNode | null | undefined, into: Set<string>): void {
  if (!pattern) return;
  if (pattern.type === "Identifier") into.add(pattern.name as string);
  else if (pattern.type === "AssignmentPattern") collectPatternNames(pattern.left, into);
  else if (pattern.type === "RestElement") collectPatternNames(pattern.argument, into);
  else if (pattern.type === "ArrayPattern")
    for (const element of pattern.elements as Array<AnyNode | null>) collectPatternNames(element, into);
  else if (pattern.type === "ObjectPattern") {
    for (const property of pattern.properties as AnyNode[])
      collectPatternNames(property.type === "RestElement" ? property : property.value, into);
  }
}
