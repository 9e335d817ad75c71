import { visit } from "recast";
import { CONTEXT_RENAMES } from "./probot-names.js";
import { declaringScope } from "./scope-lookup.js";
import { keyName } from "./source-types.js";
import type { AnyNode, Path } from "./source-types.js";

/** The getter a context double keeps for an extension or a read of its old name (`github`, `octokit`). */
export function clientAlias(name: string): string {
  return `get ${name}() { return this.client; }`;
}

/** Whether the file reads the client of the double built at `literal` by its old name (`octokit`, `github`). */
export type OldNameRead = (literal: Path, name: string) => boolean;

/**
 * Reads of a context's old client name that the renaming leaves (the object is not surely a
 * context): a test that reads back the client of the double it built (`double.octokit.pulls.get`).
 * Renamed to `{ client }` alone, such a double would lose the name its own file reads.
 */
export function findOldNameReads(ast: AnyNode, isContext: (path: Path) => boolean): OldNameRead {
  const reads: Array<{ object: string; name: string; scope: AnyNode | null }> = [];
  const note = (path: Path): void => {
    const node = path.node as AnyNode;
    const object = node.object as AnyNode;
    const name = node.computed && node.property.type === "Identifier" ? undefined : keyName(node.property);
    if (object.type !== "Identifier" || name === undefined || !CONTEXT_RENAMES[name]) return;
    if (isContext(path.get("object") as Path)) return;
    reads.push({ object: object.name as string, name, scope: declaringScope(path, object.name as string) });
  };
  visit(ast, {
    visitMemberExpression(path) {
      note(path as Path);
      this.traverse(path);
    },
    visitOptionalMemberExpression(path) {
      note(path as Path);
      this.traverse(path);
    },
  });
  return (literal, name) => {
    const binding = boundName(literal);
    if (binding === undefined) return false;
    const scope = declaringScope(literal, binding);
    return reads.some((r) => r.object === binding && r.name === name && r.scope === scope);
  };
}

/** The variable an object literal is the value of: `const x = { ... }` or `x = { ... }`. */
function boundName(literal: Path): string | undefined {
  const parent = literal.parent?.node as AnyNode | undefined;
  if (parent?.type === "VariableDeclarator" && parent.init === literal.node && parent.id.type === "Identifier")
    return parent.id.name as string;
  if (parent?.type === "AssignmentExpression" && parent.right === literal.node && parent.left.type === "Identifier")
    return parent.left.name as string;
  return undefined;
}
