import { visit } from "recast";
import { table } from "./probot-names.js";
import { keyName, type AnyNode, type Path } from "./source-types.js";

/**
 * What a call that names a module gives back: the module itself (`require`), a promise of it
 * (`import()`), or nothing to bind (`jest.mock`: the module is named, and a factory may stand for it).
 */
export type ModuleCallKind = "module" | "promise" | "mock" | "none";

/** jest's functions that take a module name, as `jest.<name>` (and `import.meta.jest.<name>`). */
const JEST = table<ModuleCallKind>({
  mock: "mock",
  doMock: "mock",
  unstable_mockModule: "mock",
  setMock: "none",
  unmock: "none",
  dontMock: "none",
  deepUnmock: "none",
  requireActual: "module",
  requireMock: "module",
  createMockFromModule: "module",
  genMockFromModule: "module",
});

/** vitest's, as `vi.<name>`. */
const VI = table<ModuleCallKind>({
  mock: "mock",
  doMock: "mock",
  unmock: "none",
  doUnmock: "none",
  importActual: "promise",
  importMock: "promise",
});

/** A callee's own name: `x` of `a.b.x(...)` or of `x(...)`. */
export function calleeName(callee: AnyNode): string | undefined {
  if (callee.type === "Identifier") return callee.name as string;
  if ((callee.type === "MemberExpression" || callee.type === "OptionalMemberExpression") && !callee.computed)
    return keyName(callee.property);
  return undefined;
}

/** The callee as written, for the report: `mockery.registerMock`. */
export function calleeText(callee: AnyNode): string {
  if (callee.type === "Identifier") return callee.name as string;
  if (callee.type === "MemberExpression" || callee.type === "OptionalMemberExpression")
    return `${calleeText(callee.object)}.${keyName(callee.property) ?? "?"}`;
  if (callee.type === "Import") return "import";
  return "(a call)";
}

/**
 * How a call hands over the module its first argument names, or undefined when the call is not one
 * the migration knows (`require`, `module.require`, `createRequire(...)(...)` and the functions it
 * made, `require.resolve`, `import()`, jest's and vitest's module functions).
 */
export function moduleCallKind(node: AnyNode, requireFunctions: ReadonlySet<string>): ModuleCallKind | undefined {
  const callee = node.callee as AnyNode;
  if (callee.type === "Import") return "promise";
  if (callee.type === "Identifier")
    return callee.name === "require" || requireFunctions.has(callee.name as string) ? "module" : undefined;
  if (callee.type === "CallExpression" && calleeName(callee.callee) === "createRequire") return "module";
  if (callee.type !== "MemberExpression" || callee.computed) return undefined;
  const property = keyName(callee.property) ?? "";
  const object = callee.object as AnyNode;
  const owner = object.type === "Identifier" ? (object.name as string) : calleeName(object);
  if (owner === "require" && property === "resolve") return "none";
  if (object.type === "MetaProperty" && property === "resolve") return "none"; // import.meta.resolve
  if (owner === "module" && property === "require") return "module";
  if (owner === "jest") return JEST[property];
  if (owner === "vi" || owner === "vitest") return VI[property];
  return undefined;
}

/** A call whose name says it loads, mocks or resolves modules, though the migration does not know it. */
export function looksLikeLoader(node: AnyNode): boolean {
  return /require|import|mock|resolve|load|replace|stub|proxy/i.test(calleeName(node.callee as AnyNode) ?? "");
}

/** `import("x")` as Babel gives it (a call of `Import`, or an ImportExpression): its specifier node. */
export function importedBy(node: AnyNode | undefined): AnyNode | undefined {
  if (node?.type === "ImportExpression") return node.source as AnyNode;
  if (node?.type === "CallExpression" && (node.callee as AnyNode).type === "Import")
    return node.arguments[0] as AnyNode;
  return undefined;
}

/**
 * The statement names the module and takes from it only names that `known` accepts: named imports,
 * `const { a, b: c } = require(M)` (or `await import(M)`), `require(M).a`.
 */
export function takesOnly(path: Path, literal: AnyNode, known: (name: string) => boolean): boolean {
  const node = path.node as AnyNode;
  if (node.type === "ImportDeclaration") {
    return (node.specifiers as AnyNode[]).every(
      (s) => s.type === "ImportSpecifier" && known(keyName(s.imported) ?? ""),
    );
  }
  const names = node.type === "CallExpression" ? node.arguments[0] === literal : node.type === "ImportExpression";
  if (!names) return false;
  const at = path.parent?.node.type === "AwaitExpression" ? (path.parent as Path) : path;
  const parent = at.parent?.node as AnyNode | undefined;
  if (parent?.type === "MemberExpression" && parent.object === at.node && !parent.computed)
    return known(keyName(parent.property) ?? "");
  if (parent?.type !== "VariableDeclarator" || parent.init !== at.node || parent.id.type !== "ObjectPattern")
    return false;
  return (parent.id.properties as AnyNode[]).every(
    (p) => p.type !== "RestElement" && !p.computed && known(keyName(p.key) ?? ""),
  );
}

/**
 * The names the file gives to require functions it makes: `const req = createRequire(url)`, or
 * `load = module.createRequire(file)`, createRequire itself possibly imported under another name.
 * By name, not by scope: such names are rare, and each is kept for that one use.
 */
export function requireFunctionNames(ast: AnyNode): Set<string> {
  const makers = new Set(["createRequire"]);
  const made = new Set<string>();
  visit(ast, {
    visitImportSpecifier(path) {
      const node = path.node as AnyNode;
      if (keyName(node.imported) === "createRequire") makers.add(node.local.name as string);
      this.traverse(path);
    },
  });
  const isMaker = (init: AnyNode | null | undefined) =>
    init?.type === "CallExpression" && makers.has(calleeName(init.callee as AnyNode) ?? "");
  visit(ast, {
    visitVariableDeclarator(path) {
      const node = path.node as AnyNode;
      if (node.id.type === "Identifier" && isMaker(node.init)) made.add(node.id.name as string);
      this.traverse(path);
    },
    visitAssignmentExpression(path) {
      const node = path.node as AnyNode;
      if (node.left.type === "Identifier" && isMaker(node.right)) made.add(node.left.name as string);
      this.traverse(path);
    },
  });
  return made;
}
