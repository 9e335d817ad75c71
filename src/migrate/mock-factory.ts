import { visit } from "recast";
import { declaringScope } from "./scope-lookup.js";
import type { AnyNode, Path } from "./source-types.js";

const FUNCTIONS = new Set(["ArrowFunctionExpression", "FunctionExpression", "FunctionDeclaration"]);

/**
 * The function a module mock's factory stands for: written in place, wrapped
 * in a spy (`jest.fn(() => ({ ... }))`, `vi.fn(...)`), or a name declared
 * with one in the file (`jest.unstable_mockModule("probot", mockFactory)`).
 * `undefined` when it is something else (a call's result, an import).
 */
export function mockFactoryFunction(call: Path, factory: AnyNode): AnyNode | undefined {
  let node: AnyNode | undefined = unwrapSpy(factory);
  if (node.type === "Identifier") node = declaredFunction(call, node.name as string);
  return node && FUNCTIONS.has(node.type) ? node : undefined;
}

function unwrapSpy(node: AnyNode): AnyNode {
  const callee = node.callee as AnyNode | undefined;
  const isSpy =
    node.type === "CallExpression" &&
    callee?.type === "MemberExpression" &&
    !callee.computed &&
    callee.property?.name === "fn" &&
    node.arguments.length === 1;
  return isSpy ? (node.arguments[0] as AnyNode) : node;
}

/** The function declared as `name` where `call` sees it: `function name() {}` or `const name = <function>`. */
function declaredFunction(call: Path, name: string): AnyNode | undefined {
  const scope = declaringScope(call, name);
  if (!scope) return undefined;
  let found: AnyNode | undefined;
  visit(scope, {
    visitFunctionDeclaration(path) {
      const node = path.node as AnyNode;
      if (node.id?.name === name && declaringScope(path.parentPath as Path, name) === scope) found = node;
      this.traverse(path);
    },
    visitVariableDeclarator(path) {
      const node = path.node as AnyNode;
      const declares = node.id?.type === "Identifier" && node.id.name === name;
      if (declares && node.init && declaringScope(path as Path, name) === scope) found = unwrapSpy(node.init);
      this.traverse(path);
    },
  });
  return found;
}
