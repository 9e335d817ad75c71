import { visit } from "recast";
import type { ModuleReferences } from "./module-bindings.js";
import { CONTEXT_RENAMES } from "./probot-names.js";
import { declaringScope } from "./scope-lookup.js";
import { keyName, lineOf, setString, type AnyNode, type Path, type SourceWork } from "./source-types.js";

const CLIENT_EXPORTS = new Set(["ProbotOctokit", "ProbotOctokitCore"]);

/**
 * An app's own type for the part of a context it uses: `interface OctokitContext { octokit:
 * InstanceType<typeof ProbotOctokit>; log: Logger }`. Its `context.octokit` uses and `{ octokit }`
 * doubles become `client`, so a member named as the client (`octokit`, Probot 10's `github`) whose
 * type is Probot's client (`ProbotOctokit`, `typeof ProbotOctokit`, `Context["octokit"]`) is renamed
 * with them. Read before the names are renamed in the tree.
 */
export function renameClientMembers(ast: AnyNode, refs: ModuleReferences, log: SourceWork): void {
  const bound = (imported: Set<string>) => refs.names.filter((n) => imported.has(n.imported) && n.local !== "");
  const clients = bound(CLIENT_EXPORTS);
  const contexts = bound(new Set(["Context"]));
  if (clients.length + contexts.length + refs.namespaces.length === 0) return;
  const names = (name: AnyNode | undefined, path: Path, locals: typeof clients, exports: Set<string>): boolean => {
    if (name?.type === "Identifier")
      return locals.some((l) => l.local === name.name && declaringScope(path, l.local) === l.scope);
    return (
      name?.type === "TSQualifiedName" &&
      name.left.type === "Identifier" &&
      exports.has(name.right.name as string) &&
      refs.namespaces.some((n) => n.local === name.left.name && declaringScope(path, n.local) === n.scope)
    );
  };
  const isClientType = (type: AnyNode | undefined, path: Path): boolean => {
    let found = false;
    if (!type) return false;
    visit(type, {
      visitTSTypeReference(at) {
        found ||= names(at.node.typeName as AnyNode, path, clients, CLIENT_EXPORTS);
        this.traverse(at);
      },
      visitTSTypeQuery(at) {
        found ||= names(at.node.exprName as AnyNode, path, clients, CLIENT_EXPORTS);
        this.traverse(at);
      },
      visitTSIndexedAccessType(at) {
        const node = at.node as AnyNode;
        const member = keyName(node.indexType?.literal as AnyNode | undefined);
        if (node.objectType.type === "TSTypeReference" && member !== undefined && CONTEXT_RENAMES[member])
          found ||= names(node.objectType.typeName as AnyNode, path, contexts, new Set(["Context"]));
        this.traverse(at);
      },
    });
    return found;
  };
  visit(ast, {
    visitTSPropertySignature(path) {
      const node = path.node as AnyNode;
      const name = node.computed ? undefined : keyName(node.key);
      const to = name === undefined ? undefined : CONTEXT_RENAMES[name];
      if (to && isClientType(node.typeAnnotation?.typeAnnotation as AnyNode | undefined, path as Path)) {
        if (node.key.type === "Identifier") log.edits.rename(node.key, to);
        else setString(node.key, to, log.edits);
        log.changes.push({ line: lineOf(node), text: `type member ${name as string} → ${to} (Probot's client)` });
      }
      this.traverse(path);
    },
  });
}
