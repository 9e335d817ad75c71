import { contextTypeNames } from "./context-types.js";
import { contextMembers } from "./context-wrappers.js";
import { readableTree } from "./parse-source.js";
import { keyName, type AnyNode, type BaseClassMembers } from "./source-types.js";

export type { BaseClassMembers };

/** Where a class's base class comes from: a module of the app and the name it exports it by. */
type BaseRef = { module: string; name: string };

/** A class a file exports: the members it declares with the context's type, and its base class, if imported. */
type ExportedClass = { members: ReadonlySet<string>; base?: BaseRef | undefined };

/** How many base classes up a chain is followed: deeper is taken for a loop. */
const MAX_DEPTH = 8;

/** For each file of the app that exports classes, what each holds of a context (by export name). */
export function findContextClasses(
  files: ReadonlyArray<[file: string, code: string]>,
): Map<string, Map<string, ExportedClass>> {
  const found = new Map<string, Map<string, ExportedClass>>();
  for (const [file, code] of files) {
    if (!/\bclass\b/.test(code)) continue;
    const ast = readableTree(file, code);
    if (ast === undefined) continue;
    const classes = exportedClasses(ast);
    if (classes.size > 0) found.set(file, classes);
  }
  return found;
}

const classesOf = new WeakMap<AnyNode, ReadonlyMap<string, AnyNode>>();

/** The classes a file declares at its top level (exported or not), by name. */
function localClasses(ast: AnyNode): ReadonlyMap<string, AnyNode> {
  const known = classesOf.get(ast);
  if (known) return known;
  const local = new Map<string, AnyNode>();
  for (const statement of ast.program.body as AnyNode[]) {
    const declaration = statement.type.startsWith("Export") ? statement.declaration : statement;
    if (declaration?.type === "ClassDeclaration" && declaration.id) local.set(declaration.id.name, declaration);
  }
  classesOf.set(ast, local);
  return local;
}

function exportedClasses(ast: AnyNode): Map<string, ExportedClass> {
  const types = contextTypeNames(ast);
  const body = ast.program.body as AnyNode[];
  const local = localClasses(ast);
  const exported = new Map<string, AnyNode>();
  for (const statement of body) {
    const declaration = statement.type.startsWith("Export") ? statement.declaration : statement;
    if (statement.type === "ExportDefaultDeclaration" && declaration?.type === "ClassDeclaration")
      exported.set("default", declaration);
    if (statement.type === "ExportDefaultDeclaration" && declaration?.type === "Identifier") {
      const named = local.get(declaration.name);
      if (named) exported.set("default", named);
    }
    if (statement.type === "ExportNamedDeclaration" && declaration?.type === "ClassDeclaration" && declaration.id)
      exported.set(declaration.id.name, declaration);
  }
  for (const statement of body) {
    if (statement.type !== "ExportNamedDeclaration" || statement.source) continue;
    for (const specifier of (statement.specifiers ?? []) as AnyNode[]) {
      const named = local.get(keyName(specifier.local) ?? "");
      const as = keyName(specifier.exported);
      if (named && as) exported.set(as, named);
    }
  }
  const classes = new Map<string, ExportedClass>();
  for (const [name, owner] of exported) {
    const members = new Set(inheritable(contextMembers(owner, types)));
    let base: BaseRef | undefined;
    // A base class of the same file adds its members; one imported is followed across files later.
    for (let at = owner, depth = 0; at?.superClass?.type === "Identifier" && depth < MAX_DEPTH; depth++) {
      const parent = local.get(at.superClass.name as string);
      if (!parent) {
        base = importedAs(ast, at.superClass.name as string);
        break;
      }
      for (const member of inheritable(contextMembers(parent, types))) members.add(member);
      at = parent;
    }
    if (members.size > 0 || base) classes.set(name, { members, base });
  }
  return classes;
}

/** A private field (`#name`) is its class's own: a subclass cannot read it. */
function inheritable(members: ReadonlySet<string>): string[] {
  return [...members].filter((name) => !name.startsWith("#"));
}

/** The app's module and export name an identifier is imported from (`import { Base } from "./base"`). */
function importedAs(ast: AnyNode, name: string): BaseRef | undefined {
  for (const statement of ast.program.body as AnyNode[]) {
    if (statement.type !== "ImportDeclaration" || !String(statement.source.value).startsWith(".")) continue;
    for (const specifier of statement.specifiers as AnyNode[]) {
      if (specifier.local.name !== name) continue;
      if (specifier.type === "ImportDefaultSpecifier") return { module: statement.source.value, name: "default" };
      if (specifier.type === "ImportSpecifier")
        return { module: statement.source.value, name: keyName(specifier.imported) ?? name };
    }
  }
  return undefined;
}

/** For each file, the context members of the base classes it imports (`resolve`: the app's file a specifier names). */
export function baseClassMembers(
  classes: ReadonlyMap<string, ReadonlyMap<string, ExportedClass>>,
  resolve: (from: string, module: string) => string | undefined,
): (file: string) => BaseClassMembers | undefined {
  if (classes.size === 0) return () => undefined;
  const lookup = (file: string | undefined, name: string, depth: number): ReadonlySet<string> | undefined => {
    const found = file === undefined ? undefined : classes.get(file)?.get(name);
    if (!found || file === undefined) return undefined;
    if (!found.base || depth >= MAX_DEPTH) return found.members;
    const inherited = lookup(resolve(file, found.base.module), found.base.name, depth + 1);
    return inherited ? new Set([...found.members, ...inherited]) : found.members;
  };
  return (file) => (specifier, name) => lookup(resolve(file, specifier), name, 0);
}

/**
 * The members `owner` inherits that are declared with the context's type: from a base class of
 * the same file, or one another file of the app exports (`bases`).
 */
export function inheritedContextMembers(
  ast: AnyNode,
  owner: AnyNode,
  types: ReadonlySet<string>,
  bases: BaseClassMembers | undefined,
): ReadonlySet<string> {
  const names = new Set<string>();
  if (owner.superClass?.type !== "Identifier") return names;
  const local = localClasses(ast);
  for (let at = owner, depth = 0; at?.superClass?.type === "Identifier" && depth < MAX_DEPTH; depth++) {
    const name = at.superClass.name as string;
    const parent = local.get(name);
    if (!parent) {
      const base = bases && importedAs(ast, name);
      for (const member of (base && bases(base.module, base.name)) ?? []) names.add(member);
      break;
    }
    for (const member of inheritable(contextMembers(parent, types))) names.add(member);
    at = parent;
  }
  return names;
}
