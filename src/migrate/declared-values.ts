import { visit } from "recast";
import { declaringScope } from "./scope-lookup.js";
import type { AnyNode, Path } from "./source-types.js";

/** The function a callee is: written there, or a function or const function of the file, by name. */
export function localFunction(path: Path): AnyNode | undefined {
  const node = path.node as AnyNode;
  if (/^(ArrowFunctionExpression|FunctionExpression|FunctionDeclaration)$/.test(node.type)) return node;
  if (node.type !== "Identifier") return undefined;
  const scope = declaringScope(path, node.name as string);
  if (!scope) return undefined;
  const value = valuesDeclaredIn(scope).get(node.name as string);
  return value && /^(ArrowFunctionExpression|FunctionExpression|FunctionDeclaration)$/.test(value.type)
    ? value
    : undefined;
}

const declaredValues = new WeakMap<AnyNode, Map<string, AnyNode>>();

/** What names are declared as in a scope (and the scopes inside it): a function, or a const's value. */
export function valuesDeclaredIn(scope: AnyNode): Map<string, AnyNode> {
  const cached = declaredValues.get(scope);
  if (cached) return cached;
  const found = new Map<string, AnyNode>();
  visit(scope, {
    visitFunction(inner) {
      const fn = inner.node as AnyNode;
      if (fn.type === "FunctionDeclaration" && fn.id) found.set(fn.id.name as string, fn);
      this.traverse(inner);
    },
    visitVariableDeclarator(inner) {
      const { id, init } = inner.node as AnyNode;
      if (id.type === "Identifier" && init) found.set(id.name as string, init);
      this.traverse(inner);
    },
  });
  declaredValues.set(scope, found);
  return found;
}
