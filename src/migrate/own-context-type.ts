import { visit } from "recast";
import { declaringScope } from "./scope-lookup.js";
import { keyName, lineOf, type AnyNode, type Path, type SourceWork } from "./source-types.js";

/** The types already reported in a file's work. */
const reported = new WeakMap<SourceWork, Set<string>>();

/**
 * `context.github` renamed on a `context` declared with a type that is not Probot's `Context`
 * (`context: HandlerContext`): if that is a type of the app's own, its member and the objects made
 * for it keep `github`, which this file alone does not show. Reported once a type and file.
 */
export function reportOwnContextType(object: Path, name: string, log: SourceWork): void {
  const own = declaredType(object);
  if (own === undefined) return;
  const seen = reported.get(log) ?? new Set<string>();
  reported.set(log, seen);
  if (seen.has(own)) return;
  seen.add(own);
  log.problems.push({
    line: lineOf(object.node as AnyNode),
    message: `renamed .${name} to .client on a context typed ${own}, a type of the app's own or an alias of Context`,
    hint: `If ${own} is not Probot's Context under another name, rename its member ${name} to client where it is declared, and the key ${name} where its objects are made (tests included).`,
  });
}

/** The name of the type an identifier was declared with, when it is not `Context`. */
function declaredType(path: Path): string | undefined {
  const node = path.node as AnyNode;
  if (node.type !== "Identifier") return undefined;
  const scope = declaringScope(path, node.name as string);
  if (!scope) return undefined;
  let type: AnyNode | undefined;
  visit(scope, {
    visitIdentifier(at) {
      const id = at.node as AnyNode;
      if (id.name === node.name && id.typeAnnotation && declaringScope(at as Path, node.name) === scope) {
        type = id.typeAnnotation.typeAnnotation as AnyNode;
        return false;
      }
      this.traverse(at);
    },
  });
  if (type?.type !== "TSTypeReference") return undefined;
  const typeName = type.typeName as AnyNode;
  const named = typeName.type === "TSQualifiedName" ? keyName(typeName.right) : keyName(typeName);
  return named === undefined || named === "Context" ? undefined : named;
}
