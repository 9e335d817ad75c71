import { visit } from "recast";
import { MIDDLEWARE_RENAMES, OPTION_RENAMES } from "./probot-names.js";
import { renameKeys } from "./rename-option-keys.js";
import { declaringScope } from "./scope-lookup.js";
import { keyName, type AnyNode, type Path, type SourceWork } from "./source-types.js";

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

/** Which argument of a call of an export holds its options, and their renames (as `renameOptionKeys`). */
const CALL_OPTIONS: Readonly<Record<string, [index: number, renames: Readonly<Record<string, string | undefined>>]>> = {
  Probot: [0, OPTION_RENAMES],
  Application: [0, OPTION_RENAMES],
  createProbot: [0, OPTION_RENAMES],
  createNodeMiddleware: [1, MIDDLEWARE_RENAMES],
};

/** jest's and vitest's matchers on a mock's calls, with the arguments they skip (the call's number). */
const CALLED_WITH: Readonly<Record<string, number>> = {
  toHaveBeenCalledWith: 0,
  toBeCalledWith: 0,
  toHaveBeenLastCalledWith: 0,
  lastCalledWith: 0,
  toHaveBeenNthCalledWith: 1,
  nthCalledWith: 1,
};

/**
 * `jest.mock("probot", () => ({ createNodeMiddleware: mockMiddleware }))`, then
 * `expect(mockMiddleware).toHaveBeenCalledWith(app, { probot, webhooksPath })`: the app's call was
 * renamed, so the options the test expects are renamed the same way. Read before the factory's keys are.
 */
export function renameMockedCallAssertions(ast: AnyNode, factory: AnyNode, log: SourceWork): void {
  const mocks = new Map<string, string>();
  for (const object of returnedObjects(factory)) {
    for (const property of (object.properties ?? []) as AnyNode[]) {
      const name = property.computed ? undefined : keyName(property.key);
      if (name && CALL_OPTIONS[name] && property.value?.type === "Identifier") mocks.set(property.value.name, name);
    }
  }
  if (mocks.size === 0) return;
  visit(ast, {
    visitCallExpression(path) {
      const node = path.node as AnyNode;
      const matcher = node.callee?.type === "MemberExpression" ? keyName(node.callee.property) : undefined;
      const subject = matcher !== undefined && CALLED_WITH[matcher] !== undefined ? expectedOf(node.callee) : undefined;
      const exported = subject?.type === "Identifier" ? mocks.get(subject.name as string) : undefined;
      if (exported) {
        const [index, renames] = CALL_OPTIONS[exported]!;
        renameKeys(node.arguments[CALLED_WITH[matcher!]! + index] as AnyNode | undefined, renames, log);
      }
      this.traverse(path);
    },
  });
}

/** The objects a factory function returns: `() => ({ ... })`, `{ return { ... }; }`. */
export function returnedObjects(factory: AnyNode): AnyNode[] {
  const body = factory.body as AnyNode;
  const returned =
    body.type === "BlockStatement"
      ? (body.body as AnyNode[]).filter((s) => s.type === "ReturnStatement").map((s) => s.argument as AnyNode)
      : [body];
  return returned.filter((node) => node?.type === "ObjectExpression");
}

/** `expect(x)` under `.not`, `.resolves` and the like: the `x`. */
function expectedOf(member: AnyNode): AnyNode | undefined {
  let object = member.object as AnyNode;
  while (object.type === "MemberExpression") object = object.object as AnyNode;
  const isExpect = object.type === "CallExpression" && (object.callee as AnyNode).type === "Identifier";
  return isExpect && (object.callee as AnyNode).name === "expect" ? (object.arguments[0] as AnyNode) : undefined;
}
