import { keyName, type AnyNode, type Path } from "./source-types.js";

/** Names that hold an event context wherever they are used. */
export const CONTEXT_NAMES: ReadonlySet<string> = new Set(["context", "ctx"]);

/** Nodes that leave the value they wrap as it is: `x as T`, `x satisfies T`, `x!`, `<T>x`, `(x)`. */
const WRAPPERS = new Set([
  "TSAsExpression",
  "TSSatisfiesExpression",
  "TSNonNullExpression",
  "TSTypeAssertion",
  "ParenthesizedExpression",
]);

/**
 * Whether the object literal at `path` builds an event context, as tests write them: the value of
 * a variable named `context` or typed `Context`, assigned to `context` or `x.context`, or cast to
 * `Context` (`{ octokit, ...fixture } as unknown as Context`).
 */
export function isContextLiteral(path: Path): boolean {
  let child = path;
  let parent = path.parent as Path | null | undefined;
  while (parent && WRAPPERS.has((parent.node as AnyNode).type)) {
    if (typeName((parent.node as AnyNode).typeAnnotation) === "Context") return true;
    child = parent;
    parent = parent.parent as Path | null | undefined;
  }
  const node = parent?.node as AnyNode | undefined;
  if (node?.type === "VariableDeclarator" && child.name === "init") return isContextTarget(node.id as AnyNode);
  if (node?.type === "AssignmentExpression" && child.name === "right") return isContextTarget(node.left as AnyNode);
  return false;
}

/** `x as Context`, `x as unknown as Context`, `<Context>x`, `x satisfies Context`. */
export function isContextCast(node: AnyNode | null | undefined): boolean {
  for (let at = node; at && WRAPPERS.has(at.type); at = at.expression as AnyNode | undefined)
    if (typeName(at.typeAnnotation) === "Context") return true;
  return false;
}

function isContextTarget(target: AnyNode): boolean {
  if (target.type === "Identifier") return CONTEXT_NAMES.has(target.name as string) || isTypedContext(target);
  if (target.type === "MemberExpression" && !target.computed) return keyName(target.property) === "context";
  return false;
}

export function isTypedContext(param: AnyNode): boolean {
  return typeName(param.typeAnnotation?.typeAnnotation) === "Context";
}

/** `Context`, `Context<"issues">` or `x.Context` as a type: "Context". */
export function typeName(type: AnyNode | undefined): string | undefined {
  if (type?.type !== "TSTypeReference") return undefined;
  const name = type.typeName as AnyNode;
  return name.type === "TSQualifiedName" ? keyName(name.right) : keyName(name);
}
