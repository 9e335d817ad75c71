import { visit } from "recast";
import { contextTypeNamesAt } from "./context-types.js";
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
    message: `renamed .${name} to .client on a context typed ${own}, an object type this file declares`,
    hint: `Rename the member ${name} of ${own} (or of the type it extends) to client where it is declared, and the key ${name} where its objects are made (tests included).`,
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
  if (type?.type !== "TSTypeReference" || type.typeName.type !== "Identifier") return undefined;
  const named = type.typeName.name as string;
  return !contextTypeNamesAt(path).has(named) && declaresObjectType(path, named) ? named : undefined;
}

/**
 * Whether the file declares `name` as an object type of its own (an interface that does not extend
 * Context, or a type literal): an alias of Context (`type PRContext = Context<...>`), or a type
 * from another module, may be Probot's Context under another name, which this file does not show.
 */
function declaresObjectType(path: Path, name: string): boolean {
  let program: Path | null | undefined = path;
  while (program && (program.node as AnyNode).type !== "Program") program = program.parent as Path | null;
  let found = false;
  visit((program?.node ?? path.node) as AnyNode, {
    visitTSInterfaceDeclaration(at) {
      const node = at.node as AnyNode;
      const bases = ((node.extends ?? []) as AnyNode[]).map((base) => keyName(base.expression));
      if (keyName(node.id) === name && !bases.includes("Context")) found = true;
      return false;
    },
    visitTSTypeAliasDeclaration(at) {
      const node = at.node as AnyNode;
      if (keyName(node.id) === name && node.typeAnnotation.type === "TSTypeLiteral") found = true;
      return false;
    },
  });
  return found;
}

/**
 * `interface HandlerContext { github: Context["github"] }`: a context type of the app's own, which
 * holds the client under Probot's name. Its reads are renamed where the variable is a context
 * (`context.github` → `context.client`); the member and the objects made for it are not.
 */
export function reportClientMembers(ast: AnyNode, log: SourceWork): void {
  visit(ast, {
    visitTSPropertySignature(path) {
      const node = path.node as AnyNode;
      const name = node.computed ? undefined : keyName(node.key);
      const type = node.typeAnnotation?.typeAnnotation as AnyNode | undefined;
      const ofContext = type?.type === "TSIndexedAccessType" && type.objectType.type === "TSTypeReference";
      if ((name === "github" || name === "octokit") && ofContext && keyName(type.objectType.typeName) === "Context") {
        log.problems.push({
          line: lineOf(node),
          message: `declares a member ${name} that holds a context's client, in a type of the app's own`,
          hint: `Where it is read as context.${name}, app migrate wrote context.client: rename this member client, and the key ${name} where objects of this type are made (tests included).`,
        });
      }
      this.traverse(path);
    },
  });
}
