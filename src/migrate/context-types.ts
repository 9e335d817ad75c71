import { visit } from "recast";
import { FRAMEWORK_MODULE, PROBOT_MODULE } from "./probot-names.js";
import { keyName, type AnyNode, type Path } from "./source-types.js";

/** Probot's event context type by its own name, in any file. */
const CONTEXT = "Context";

/** A module whose `Context` export is an event context's type: probot's (or a path into it) and ours. */
const CONTEXT_MODULE = new RegExp(`^(?:${PROBOT_MODULE}|${FRAMEWORK_MODULE})(?:/|$)`);

/** `{TYPE} name` of a JSDoc `@param`, `@arg` or `@argument`; `[name]` and `[name=default]` too. */
const JSDOC_PARAM = /@(?:param|arg|argument)\s+\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}\s+\[?([A-Za-z_$][\w$]*)/g;
/** `{TYPE} Name` of a JSDoc `@typedef`. */
const JSDOC_TYPEDEF = /@typedef\s+\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}\s+([A-Za-z_$][\w$]*)/g;
/** A JSDoc type naming a context: `Context`, `Context<'issues'>`, `import('probot').Context<...>`, `Alias`. */
const JSDOC_NAMED = /^\s*(?:import\(\s*["'`]([^"'`]+)["'`]\s*\)\.)?([A-Za-z_$][\w$]*)\s*(?:<[\s\S]*>)?\s*$/;

const cache = new WeakMap<AnyNode, ReadonlySet<string>>();

/**
 * The names this file gives Probot's event context type: `Context` itself; the local name of its
 * import from probot (`import { Context as ProbotContext }`); and the aliases built on those
 * (`type IssueContext = Context<"issues">`, a union of such types, `interface X extends Context`,
 * a JSDoc `@typedef {import('probot').Context} X`), aliases of aliases included.
 */
export function contextTypeNames(ast: AnyNode): ReadonlySet<string> {
  const cached = cache.get(ast);
  if (cached) return cached;
  const names = new Set([CONTEXT]);
  // One walk of the file: the imports, and the declarations that may name the type again.
  const aliases: AnyNode[] = [];
  const interfaces: AnyNode[] = [];
  visit(ast, {
    visitImportSpecifier(path) {
      const node = path.node as AnyNode;
      const source = (path.parent?.node as AnyNode | undefined)?.source?.value;
      if (keyName(node.imported) === CONTEXT && typeof source === "string" && CONTEXT_MODULE.test(source))
        names.add(node.local.name as string);
      return false;
    },
    visitTSTypeAliasDeclaration(path) {
      aliases.push(path.node as AnyNode);
      return false;
    },
    visitTSInterfaceDeclaration(path) {
      interfaces.push(path.node as AnyNode);
      return false;
    },
  });
  const typedefs = jsdocTypedefs(ast);
  // Until no alias of an alias is left to find.
  for (let added = true; added;) {
    added = false;
    const add = (name: string | undefined) => {
      if (name !== undefined && !names.has(name)) (names.add(name), (added = true));
    };
    for (const node of aliases) if (isContextType(node.typeAnnotation as AnyNode, names)) add(keyName(node.id));
    for (const node of interfaces) {
      const bases = (node.extends ?? []) as AnyNode[];
      if (bases.some((base) => names.has(keyName(base.expression) ?? ""))) add(keyName(node.id));
    }
    for (const [name, type] of typedefs) if (isJsdocContextType(type, names)) add(name);
  }
  cache.set(ast, names);
  return names;
}

/** `contextTypeNames` of the file the node at `path` is in. */
export function contextTypeNamesAt(path: Path): ReadonlySet<string> {
  let root = path;
  while (root.parent) root = root.parent as Path;
  return contextTypeNames(root.node as AnyNode);
}

/**
 * Whether a type annotation is an event context's: one of `names` (`Context<"issues">`, or
 * `x.Context` through a namespace), a union of them (`null` and `undefined` aside) or an
 * intersection with one.
 */
export function isContextType(type: AnyNode | null | undefined, names: ReadonlySet<string>): boolean {
  if (!type) return false;
  if (type.type === "TSParenthesizedType") return isContextType(type.typeAnnotation as AnyNode, names);
  if (type.type === "TSTypeReference") {
    const name = type.typeName as AnyNode;
    return name.type === "TSQualifiedName" ? keyName(name.right) === CONTEXT : names.has(keyName(name) ?? "");
  }
  if (type.type === "TSUnionType") {
    const members = (type.types as AnyNode[]).filter(
      (t) => t.type !== "TSNullKeyword" && t.type !== "TSUndefinedKeyword",
    );
    return members.length > 0 && members.every((member) => isContextType(member, names));
  }
  if (type.type === "TSIntersectionType") return (type.types as AnyNode[]).some((t) => isContextType(t, names));
  return false;
}

/**
 * The parameters of the function at `path` that its JSDoc types as a context
 * (`@param {import('probot').Context} c`), in the comment before the function or before the
 * declaration or assignment that holds it.
 */
export function jsdocContextParams(path: Path, names: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const comment of leadingComments(path))
    for (const [, type, name] of comment.matchAll(JSDOC_PARAM)) if (isJsdocContextType(type!, names)) found.add(name!);
  return found;
}

/** Where a function's JSDoc sits: on it, or on what declares, exports or assigns it. */
const HOLDERS = new Set([
  "VariableDeclarator",
  "VariableDeclaration",
  "ExportNamedDeclaration",
  "ExportDefaultDeclaration",
  "AssignmentExpression",
  "ExpressionStatement",
  "ObjectProperty",
]);

function leadingComments(path: Path): string[] {
  const texts: string[] = [];
  for (let at: Path | null | undefined = path; at; at = at.parent as Path | null | undefined) {
    for (const comment of ((at.node as AnyNode).leadingComments ?? []) as AnyNode[])
      if (comment.type === "CommentBlock") texts.push(comment.value as string);
    if (!HOLDERS.has((at.parent?.node as AnyNode | undefined)?.type ?? "")) break;
  }
  return texts;
}

function jsdocTypedefs(ast: AnyNode): Array<[string, string]> {
  const typedefs: Array<[string, string]> = [];
  for (const comment of (ast.comments ?? []) as AnyNode[]) {
    if (comment.type !== "CommentBlock") continue;
    for (const [, type, name] of (comment.value as string).matchAll(JSDOC_TYPEDEF)) typedefs.push([name!, type!]);
  }
  return typedefs;
}

function isJsdocContextType(type: string, names: ReadonlySet<string>): boolean {
  const match = JSDOC_NAMED.exec(type);
  if (!match) return false;
  const [, module, name] = match;
  return module === undefined ? names.has(name!) : CONTEXT_MODULE.test(module) && name === CONTEXT;
}
