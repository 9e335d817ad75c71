import { isContextPrototype } from "./context-wrappers.js";
import { CONTEXT_RENAMES } from "./probot-names.js";
import { typeName } from "./context-positions.js";
import { keyName, lineOf, setString, type AnyNode, type Path, type SourceWork } from "./source-types.js";

/**
 * A type taken from a context's client with `typeof`: `typeof Context.prototype.octokit` (a
 * TypeScript app's name for the client's type), `typeof context.octokit.issues`. The member is
 * renamed as it is in code (`context.octokit` → `context.client`).
 */
export function renameTypeQueryMember(path: Path, isContext: (path: Path) => boolean, log: SourceWork): void {
  const node = path.node as AnyNode;
  const name = keyName(node.right);
  const to = name === undefined ? undefined : CONTEXT_RENAMES[name];
  if (to === undefined || node.right.type !== "Identifier" || !inTypeQuery(path)) return;
  const left = node.left as AnyNode;
  if (!isContextPrototype(left) && !(left.type === "Identifier" && isContext(path.get("left") as Path))) return;
  log.edits.rename(node.right, to);
  node.right.name = to;
  log.changes.push({ line: lineOf(node), text: `typeof ….${name as string} → typeof ….${to}` });
}

/** Whether a qualified name is (part of) what a `typeof` type names. */
function inTypeQuery(path: Path): boolean {
  let at: Path | null | undefined = path;
  while ((at?.parent?.node as AnyNode | undefined)?.type === "TSQualifiedName") at = at?.parent as Path;
  return (at?.parent?.node as AnyNode | undefined)?.type === "TSTypeQuery";
}

/** `Context["octokit"]`, the client's type: `Context["client"]`. */
export function renameIndexedAccess(node: AnyNode, log: SourceWork): void {
  const literal = node.indexType?.literal as AnyNode | undefined;
  const name = keyName(literal);
  if (typeName(node.objectType) !== "Context" || !literal || literal.type === "Identifier" || !name) return;
  if (CONTEXT_RENAMES[name] === undefined) return;
  setString(literal, "client", log.edits);
  log.changes.push({ line: lineOf(literal), text: `Context["${name}"] → Context["client"]` });
}
