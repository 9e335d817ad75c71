import { visit } from "recast";
import { EXPORT_RENAMES } from "./probot-names.js";
import { renameKeys } from "./rename-option-keys.js";
import { declaringScope, scopeNode } from "./scope-lookup.js";
import { keyName, type AnyNode, type Path, type SourceWork, PROMISE_METHODS } from "./source-types.js";

/** A name taken from "probot": `import { Probot as P }`, `const { Probot } = require(...)`. */
export type ImportedName = {
  /** The name Probot exports. */
  imported: string;
  /** The name the file uses ("" for a key whose value is a nested pattern). */
  local: string;
  /** The node of the scope that declares `local` (Program, a function, ...), null for an undeclared global. */
  scope: AnyNode | null;
  /**
   * The ImportSpecifier, ExportSpecifier or ObjectProperty that names it; null where the export's name is
   * written elsewhere (`const P = require("probot").Probot`): then the local is only followed to its calls.
   */
  holder: AnyNode | null;
  /** `{ ProbotOctokit: { defaults } }`: only the key is renamed, there is no local of the whole export. */
  keyOnly?: boolean;
  /**
   * A value (not type-only) ES import specifier: where the module lacks the name, the file fails to
   * load as a whole ("does not provide an export named ..."), where `require` would give undefined.
   */
  esValueImport?: boolean;
  /** The ImportDeclaration an ImportSpecifier holder belongs to. */
  declaration?: AnyNode;
};

/** A name bound to the whole module: `import * as p`, `const p = require("probot")`, `.then((p) => ...)`. */
export type ModuleBinding = { local: string; scope: AnyNode | null };

export type ModuleReferences = {
  names: ImportedName[];
  namespaces: ModuleBinding[];
  /** `require("probot")`, `import("probot")` and the like, for `require("probot").Probot`. */
  moduleExpressions: Set<AnyNode>;
  /** `.then`, `.catch`, `.finally` of a promise of the module: members of the promise, not of the module. */
  promiseMembers: Set<AnyNode>;
  /** The names, namespaces and module expressions above that a Probot adapter gave, not probot (its run() serves nothing). */
  fromAdapter: Set<ImportedName | ModuleBinding | AnyNode>;
};

const TS_WRAPPERS = new Set(["TSAsExpression", "TSSatisfiesExpression", "TSNonNullExpression", "TSTypeAssertion"]);

/** The path of the expression that holds the value of `path`: past `x as T`, `x!` and parentheses. */
function outer(path: Path): Path {
  let at = path;
  while (at.parent && TS_WRAPPERS.has((at.parent.node as AnyNode).type)) at = at.parent as Path;
  return at;
}

/**
 * What a module expression binds: `const p = M`, `const { A, B: b, C: { d }, ...rest } = M`,
 * `({ A } = M)`, `p = M`, `const P = M.Probot`; for a promise of the module, the same after `await`,
 * and the first parameter of `.then((m) => ...)`.
 */
export function bindModule(path: Path, kind: "module" | "promise", refs: ModuleReferences): void {
  let at = outer(path);
  if (kind === "promise") {
    const parent = at.parent?.node as AnyNode | undefined;
    if (parent?.type === "AwaitExpression") at = outer(at.parent as Path);
    else {
      if (parent?.type !== "MemberExpression" || parent.object !== at.node || parent.computed) return;
      if (!PROMISE_METHODS.has(keyName(parent.property) ?? "")) return;
      refs.promiseMembers.add(parent);
      const call = at.parent?.parent?.node as AnyNode | undefined;
      const callback = call?.type === "CallExpression" && call.callee === parent ? call.arguments[0] : undefined;
      const isFunction = callback?.type === "ArrowFunctionExpression" || callback?.type === "FunctionExpression";
      if (isFunction && keyName(parent.property) === "then" && callback.params[0])
        bindPattern(callback.params[0], () => callback as AnyNode, refs);
      return;
    }
  }
  bindValue(at, refs);
}

/** `at` holds the module: what its parent does with it. */
function bindValue(at: Path, refs: ModuleReferences): void {
  const parent = at.parent?.node as AnyNode | undefined;
  if (parent?.type === "VariableDeclarator" && parent.init === at.node) {
    const scope = scopeNode(at.parent as Path);
    bindPattern(parent.id, () => scope, refs);
  } else if (parent?.type === "AssignmentExpression" && parent.right === at.node && parent.operator === "=") {
    bindPattern(parent.left, (name) => declaringScope(at.parent as Path, name), refs);
  } else if (parent?.type === "MemberExpression" && parent.object === at.node && !parent.computed) {
    // const P = require("probot").Probot: P is followed to its calls (new P({ githubToken })).
    const declarator = at.parent?.parent?.node as AnyNode | undefined;
    const imported = keyName(parent.property);
    if (declarator?.type === "VariableDeclarator" && declarator.init === parent && declarator.id.type === "Identifier")
      if (imported !== undefined) {
        const scope = scopeNode(at.parent?.parent as Path);
        refs.names.push({ imported, local: declarator.id.name, scope, holder: null });
      }
  }
}

/** The names a binding or assignment pattern takes from the module. */
function bindPattern(id: AnyNode, scopeFor: (name: string) => AnyNode | null, refs: ModuleReferences): void {
  if (id.type === "AssignmentPattern") return bindPattern(id.left, scopeFor, refs);
  if (id.type === "Identifier") {
    refs.namespaces.push({ local: id.name, scope: scopeFor(id.name) });
    return;
  }
  if (id.type !== "ObjectPattern") return;
  for (const property of id.properties as AnyNode[]) {
    if (property.type === "RestElement") {
      // const { Probot, ...rest } = require("probot"): rest.createProbot is the module's.
      if (property.argument.type === "Identifier") bindPattern(property.argument, scopeFor, refs);
      continue;
    }
    const imported = property.computed ? undefined : keyName(property.key);
    if (imported === undefined) continue;
    const value = property.value?.type === "AssignmentPattern" ? property.value.left : property.value;
    if (value?.type === "Identifier")
      refs.names.push({ imported, local: value.name, scope: scopeFor(value.name), holder: property });
    else refs.names.push({ imported, local: "", scope: null, holder: property, keyOnly: true });
  }
}

/** What a name that holds the whole module passes on: `const { Probot } = probot`, `q = probot`, `probot.Probot`. */
export function bindNamespaceUses(ast: AnyNode, refs: ModuleReferences): void {
  if (refs.namespaces.length === 0) return;
  const isNamespace = (path: Path): boolean => {
    const node = path.node as AnyNode;
    if (node.type !== "Identifier") return false;
    const scope = declaringScope(path, node.name);
    return refs.namespaces.some((ns) => ns.local === node.name && ns.scope === scope);
  };
  visit(ast, {
    visitIdentifier(path) {
      const parent = path.parent?.node as AnyNode | undefined;
      const holds =
        (parent?.type === "VariableDeclarator" && path.name === "init") ||
        (parent?.type === "AssignmentExpression" && path.name === "right") ||
        (parent?.type === "MemberExpression" && path.name === "object");
      if (holds && isNamespace(path as Path)) bindValue(path as Path, refs);
      this.traverse(path);
    },
  });
}

/** `jest.mock("probot", () => ({ Probot: Fake }))`: the factory's keys are the module's export names. */
export function renameFactoryKeys(factory: AnyNode | undefined, log: SourceWork): void {
  const functions = ["ArrowFunctionExpression", "FunctionExpression", "FunctionDeclaration"];
  if (factory === undefined || !functions.includes(factory.type)) return;
  const body = factory.body as AnyNode;
  const returned =
    body.type === "BlockStatement"
      ? (body.body as AnyNode[]).filter((s) => s.type === "ReturnStatement").map((s) => s.argument as AnyNode)
      : [body];
  for (const object of returned) renameKeys(object, EXPORT_RENAMES, log, "mocked export");
}
