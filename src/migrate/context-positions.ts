import { visit } from "recast";
import { declaringScope } from "./scope-lookup.js";
import { isContextType } from "./context-types.js";
import { keyName, type AnyNode, type Path } from "./source-types.js";

/** Names that hold an event context wherever they are used. */
export const CONTEXT_NAMES: ReadonlySet<string> = new Set(["context", "ctx"]);

/**
 * A test's name for a context it builds: `mockContext`, `fakeCtx`, `contextStub` (celbot's
 * `mockContext = { octokit: { graphql: jest.fn() } }`, handed to the app's own functions).
 */
const DOUBLE_NAME =
  /^(?:mock|mocked|fake|stub|stubbed|test|dummy|spy|sample)(?:Context|Ctx)$|^(?:context|ctx)(?:Mock|Fake|Stub|Double)$/;

/** A name the code gives an event context, or a test its double of one. */
export function isContextName(name: string): boolean {
  return CONTEXT_NAMES.has(name) || DOUBLE_NAME.test(name);
}

/** The names of the context's type, as `contextTypeNames` finds them in a file; `Context` alone by default. */
type TypeNames = ReadonlySet<string>;
const CONTEXT_ONLY: TypeNames = new Set(["Context"]);

/** Nodes that leave the value they wrap as it is: `x as T`, `x satisfies T`, `x!`, `<T>x`, `(x)`. */
const WRAPPERS = new Set([
  "TSAsExpression",
  "TSSatisfiesExpression",
  "TSNonNullExpression",
  "TSTypeAssertion",
  "ParenthesizedExpression",
]);

/** Calls that return the object they are given: `Object.freeze({ ... })`. */
const SAME_OBJECT_CALLS = new Set(["freeze", "seal", "preventExtensions"]);

/**
 * Whether the object literal at `path` builds an event context, as tests write them: the value of
 * a variable named `context` or typed `Context`, assigned to `context` or `x.context`, or cast to
 * `Context` (`{ octokit, ...fixture } as unknown as Context`), frozen or not.
 */
export function isContextLiteral(path: Path, types: TypeNames = CONTEXT_ONLY): boolean {
  const target = literalTarget(path, types);
  if (target === "Context") return true;
  return target !== undefined && isContextTarget(target, types);
}

/**
 * What the literal at `path` is the value of: the variable it initializes or the target it is
 * assigned to, through casts, parentheses and `Object.freeze()`; "Context" when cast to it.
 */
function literalTarget(path: Path, types: TypeNames): AnyNode | "Context" | undefined {
  let child = path;
  let parent = path.parent as Path | null | undefined;
  while (parent && (WRAPPERS.has((parent.node as AnyNode).type) || isSameObjectCall(parent.node as AnyNode, child))) {
    if (isContextType((parent.node as AnyNode).typeAnnotation, types)) return "Context";
    child = parent;
    parent = parent.parent as Path | null | undefined;
  }
  const node = parent?.node as AnyNode | undefined;
  if (node?.type === "VariableDeclarator" && child.name === "init") return node.id as AnyNode;
  if (node?.type === "AssignmentExpression" && child.name === "right") return node.left as AnyNode;
  return undefined;
}

function isSameObjectCall(node: AnyNode, child: Path): boolean {
  if (node.type !== "CallExpression" || node.arguments[0] !== child.node) return false;
  const callee = node.callee as AnyNode;
  return (
    callee.type === "MemberExpression" &&
    !callee.computed &&
    keyName(callee.object) === "Object" &&
    SAME_OBJECT_CALLS.has(keyName(callee.property) ?? "")
  );
}

/** The helpers of a context that give the event's parameters: `context.repo()`, `context.issue({ ... })`. */
const CONTEXT_HELPERS: ReadonlySet<string> = new Set(["repo", "issue", "pullRequest"]);

/** What tests make a function with: `jest.fn()`, `vi.fn()`, `sinon.stub()`, `sandbox.spy()`, `td.func()`. */
const TEST_FUNCTIONS: ReadonlySet<string> = new Set(["fn", "stub", "spy", "fake", "func"]);

/**
 * Whether the object literal at `path` is a context double by what it holds, wherever it goes: a context's helpers
 * as functions (`repo: () => ({ owner, repo })`, `issue: jest.fn()`), as tests hand one straight to a function of
 * the app (`GitHub.fromContext({ octokit, repo: () => ... })`). The app's own options (`{ octokit, owner, repo }`)
 * hold values there, and objects of the app's own that a name or a type shows stay as they are.
 */
export function isContextShaped(path: Path): boolean {
  return ((path.node as AnyNode).properties as AnyNode[]).some(
    (property) =>
      !property.computed &&
      CONTEXT_HELPERS.has(keyName(property.key) ?? "") &&
      (property.type === "ObjectMethod" || property.method === true || isFunctionValue(property.value as AnyNode)),
  );
}

/** A function, or a test's function (`jest.fn(...)`, `sinon.stub().returnsArg(0)`). */
function isFunctionValue(value: AnyNode | undefined): boolean {
  if (!value) return false;
  if (value.type === "ArrowFunctionExpression" || value.type === "FunctionExpression") return true;
  // Down a chain of calls (`sinon.stub().returnsArg(0)`) to the one that made the function.
  let call: AnyNode | undefined = value;
  while (call?.type === "CallExpression") {
    const callee = call.callee as AnyNode;
    if (callee.type === "MemberExpression" && (callee.object as AnyNode).type === "CallExpression") {
      call = callee.object as AnyNode;
      continue;
    }
    const name = callee.type === "MemberExpression" && !callee.computed ? keyName(callee.property) : keyName(callee);
    return name !== undefined && TEST_FUNCTIONS.has(name);
  }
  return false;
}

/** A variable, by its name and the node of the scope that declares it. */
export type Binding = { name: string; scope: AnyNode };

/**
 * Variables spread into a context double (`{ ...fakeContext, payload }`), and into those, and so
 * on: the literals they hold are parts of a context, so their `octokit` is its client.
 */
export function findContextParts(
  ast: AnyNode,
  isDouble: (path: Path, parts: Binding[]) => boolean,
  holders: Binding[] = [],
): Binding[] {
  const parts: Binding[] = [];
  for (let added = true; added;) {
    added = false;
    visit(ast, {
      visitObjectExpression(path) {
        const node = path.node as AnyNode;
        if (isDouble(path as Path, parts)) {
          // The variable the double is the value of: a literal spreading it is a double too (`{ ...mockContext, octokit }`).
          const holder = literalBinding(path as Path);
          if (holder && !holders.some((h) => h.name === holder.name && h.scope === holder.scope)) {
            holders.push(holder);
            added = true;
          }
          for (const property of node.properties as AnyNode[]) {
            if (property.type !== "SpreadElement" || property.argument.type !== "Identifier") continue;
            const name = property.argument.name as string;
            const scope = declaringScope(path as Path, name);
            if (!scope || parts.some((p) => p.name === name && p.scope === scope)) continue;
            parts.push({ name, scope });
            added = true;
          }
        }
        this.traverse(path);
      },
    });
  }
  return parts;
}

/** The variable the literal at `path` initializes or is assigned to, by name and declaring scope. */
function literalBinding(path: Path): Binding | undefined {
  const target = literalTarget(path, CONTEXT_ONLY);
  if (target === undefined || target === "Context" || target.type !== "Identifier") return undefined;
  const scope = declaringScope(path, target.name as string);
  return scope ? { name: target.name as string, scope } : undefined;
}

/**
 * Whether the literal at `path` spreads a context (`{ ...context, octokit }`) or a variable that
 * holds a context double (`{ ...mockContext, octokit }`): it has every key of it, payload included.
 */
export function spreadsContext(path: Path, holders: Binding[]): boolean {
  return ((path.node as AnyNode).properties as AnyNode[]).some((property) => {
    if (property.type !== "SpreadElement" || property.argument.type !== "Identifier") return false;
    const name = property.argument.name as string;
    if (isContextName(name)) return true;
    const scope = declaringScope(path, name);
    return holders.some((h) => h.name === name && h.scope === scope);
  });
}

/** Whether the literal at `path` is the value of a variable in `parts`. */
export function isContextPart(path: Path, parts: Binding[], types: TypeNames = CONTEXT_ONLY): boolean {
  const target = literalTarget(path, types);
  if (target === undefined || target === "Context" || target.type !== "Identifier") return false;
  const scope = declaringScope(path, target.name as string);
  return parts.some((p) => p.name === target.name && p.scope === scope);
}

/** `x as Context`, `x as unknown as Context`, `<Context>x`, `x satisfies Context`. */
export function isContextCast(node: AnyNode | null | undefined, types: TypeNames = CONTEXT_ONLY): boolean {
  for (let at = node; at && WRAPPERS.has(at.type); at = at.expression as AnyNode | undefined)
    if (isContextType(at.typeAnnotation, types)) return true;
  return false;
}

function isContextTarget(target: AnyNode, types: TypeNames): boolean {
  if (target.type === "Identifier") return isContextName(target.name as string) || isTypedContext(target, types);
  if (target.type === "MemberExpression" && !target.computed) return keyName(target.property) === "context";
  return false;
}

/** A parameter or variable declared with the context's type (by any of the file's names for it). */
export function isTypedContext(param: AnyNode, types: TypeNames = CONTEXT_ONLY): boolean {
  return isContextType(param.typeAnnotation?.typeAnnotation, types);
}

/** `Context`, `Context<"issues">` or `x.Context` as a type: "Context". */
export function typeName(type: AnyNode | undefined): string | undefined {
  if (type?.type !== "TSTypeReference") return undefined;
  const name = type.typeName as AnyNode;
  return name.type === "TSQualifiedName" ? keyName(name.right) : keyName(name);
}
