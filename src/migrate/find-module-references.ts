import { visit } from "recast";
import { EXPORT_RENAMES, findPackageHint, FRAMEWORK_EXPORTS, FRAMEWORK_MODULE, PROBOT_MODULE } from "./probot-names.js";
import {
  keyName,
  lineOf,
  type AnyNode,
  type Path,
  type Scope,
  type SourceEdits,
  type SourceWork,
} from "./source-types.js";

/** A name taken from "probot": `import { Probot as P }`, `const { Probot } = require(...)`. */
export type ImportedName = {
  /** The name Probot exports. */
  imported: string;
  /** The name the file uses. */
  local: string;
  /** The node of the scope that declares `local` (Program, a function, ...). */
  scope: AnyNode;
  /** The ImportSpecifier, ExportSpecifier or ObjectProperty that names it. */
  holder: AnyNode;
};

/** A name bound to the whole module: `import * as p`, `const p = require("probot")`. */
export type ModuleBinding = { local: string; scope: AnyNode };

export type ModuleReferences = {
  names: ImportedName[];
  namespaces: ModuleBinding[];
  /** `require("probot")`, `import("probot")` and the like, for `require("probot").Probot`. */
  moduleExpressions: Set<AnyNode>;
};

/** Deep imports and Probot's sibling packages are reported, not changed. */
export function findModuleReferences(ast: AnyNode, log: SourceWork): ModuleReferences {
  const refs: ModuleReferences = { names: [], namespaces: [], moduleExpressions: new Set() };
  const onSpecifier = (literal: AnyNode, path: Path) => inspectSpecifier(literal, path, refs, log);
  visit(ast, {
    visitImportDeclaration(path) {
      onSpecifier(path.node.source, path as Path);
      this.traverse(path);
    },
    visitExportNamedDeclaration(path) {
      if (path.node.source) onSpecifier(path.node.source, path as Path);
      this.traverse(path);
    },
    visitExportAllDeclaration(path) {
      onSpecifier(path.node.source, path as Path);
      this.traverse(path);
    },
    visitTSImportType(path) {
      const node = path.node as AnyNode;
      const literal = node.argument?.type === "TSLiteralType" ? node.argument.literal : node.argument;
      if (literal) onSpecifier(literal, path as Path);
      this.traverse(path);
    },
    visitTSExternalModuleReference(path) {
      onSpecifier(path.node.expression as AnyNode, path as Path);
      this.traverse(path);
    },
    visitCallExpression(path) {
      const node = path.node as AnyNode;
      if (isModuleCall(node)) onSpecifier(node.arguments[0], path as Path);
      this.traverse(path);
    },
    visitImportExpression(path) {
      onSpecifier((path.node as AnyNode).source, path as Path);
      this.traverse(path);
    },
  });
  collectNamespaceDestructuring(ast, refs);
  return refs;
}

/** require("x"), import("x"), require.resolve("x"), jest.mock("x"), vi.mock("x"). */
function isModuleCall(node: AnyNode): boolean {
  const [first] = node.arguments as AnyNode[];
  if (!first || keyName(first) === undefined || first.type === "Identifier") return false;
  const callee = node.callee as AnyNode;
  if (callee.type === "Import") return true;
  if (callee.type === "Identifier") return callee.name === "require";
  if (callee.type !== "MemberExpression" || callee.computed) return false;
  const object = keyName(callee.object);
  const property = keyName(callee.property);
  return (
    (object === "require" && property === "resolve") ||
    ((object === "jest" || object === "vi") && (property === "mock" || property === "doMock" || property === "unmock"))
  );
}

function inspectSpecifier(literal: AnyNode, path: Path, refs: ModuleReferences, log: SourceWork): void {
  const name = keyName(literal);
  if (name === undefined || literal.type === "Identifier") return;
  if (name === PROBOT_MODULE) {
    setString(literal, FRAMEWORK_MODULE, log.edits);
    log.changes.push({ line: lineOf(literal), text: `"${PROBOT_MODULE}" → "${FRAMEWORK_MODULE}"` });
    collectNames(path, literal, refs);
    return;
  }
  if (name.startsWith(`${PROBOT_MODULE}/`)) {
    if (name === `${PROBOT_MODULE}/package.json`) return;
    if (rewriteDeepImport(path, literal, name, log.edits)) {
      log.changes.push({ line: lineOf(literal), text: `"${name}" → "${FRAMEWORK_MODULE}"` });
      collectNames(path, literal, refs);
      return;
    }
    log.problems.push({
      line: lineOf(literal),
      message: `imports Probot's internal module "${name}"`,
      hint: `Import what you need from "${FRAMEWORK_MODULE}" (its public names are listed in docs/migrating.md); internals are not part of it.`,
    });
    return;
  }
  if (name === "@probot/get-private-key" && takesOnly(path, literal, ["getPrivateKey"])) {
    setString(literal, FRAMEWORK_MODULE, log.edits);
    log.changes.push({ line: lineOf(literal), text: `"${name}" → "${FRAMEWORK_MODULE}" (getPrivateKey)` });
    return;
  }
  const hint = findPackageHint(name);
  if (hint) log.problems.push({ line: lineOf(literal), message: `uses "${name}"`, hint });
}

/** `import { Context } from "probot/lib/context"`: fine from the root when every name exists there. */
function rewriteDeepImport(path: Path, literal: AnyNode, name: string, edits: SourceEdits): boolean {
  const node = path.node as AnyNode;
  if (node.type !== "ImportDeclaration" || node.specifiers.length === 0) return false;
  const allPublic = (node.specifiers as AnyNode[]).every(
    (specifier) =>
      specifier.type === "ImportSpecifier" && FRAMEWORK_EXPORTS.has(renamedExport(keyName(specifier.imported) ?? "")),
  );
  if (!allPublic || !name.startsWith(`${PROBOT_MODULE}/lib/`)) return false;
  setString(literal, FRAMEWORK_MODULE, edits);
  return true;
}

function renamedExport(name: string): string {
  return EXPORT_RENAMES[name] ?? name;
}

function takesOnly(path: Path, literal: AnyNode, names: string[]): boolean {
  const node = path.node as AnyNode;
  if (node.type === "ImportDeclaration") {
    return (node.specifiers as AnyNode[]).every(
      (s) => s.type === "ImportSpecifier" && names.includes(keyName(s.imported) ?? ""),
    );
  }
  const declarator = path.parent?.node as AnyNode | undefined;
  if (node.type === "CallExpression" && node.arguments[0] === literal && declarator?.type === "VariableDeclarator") {
    return (
      declarator.id.type === "ObjectPattern" &&
      (declarator.id.properties as AnyNode[]).every(
        (p) => p.type !== "RestElement" && names.includes(keyName(p.key) ?? ""),
      )
    );
  }
  return false;
}

export function setString(literal: AnyNode, value: string, edits: SourceEdits): void {
  const raw: string | undefined = literal.extra?.raw ?? literal.raw;
  const quote = raw?.startsWith("'") ? "'" : raw?.startsWith("`") ? "`" : '"';
  edits.replace(literal, `${quote}${value}${quote}`);
  literal.value = value;
  literal.extra = { ...literal.extra, raw: `${quote}${value}${quote}`, rawValue: value };
}

function collectNames(path: Path, literal: AnyNode, refs: ModuleReferences): void {
  const node = path.node as AnyNode;
  const scope = scopeNode(path);
  if (node.type === "ImportDeclaration") {
    for (const specifier of node.specifiers as AnyNode[]) {
      const local = specifier.local.name as string;
      if (specifier.type === "ImportSpecifier") {
        refs.names.push({ imported: keyName(specifier.imported) ?? local, local, scope, holder: specifier });
      } else refs.namespaces.push({ local, scope });
    }
    return;
  }
  if (node.type === "ExportNamedDeclaration") {
    for (const specifier of node.specifiers as AnyNode[]) {
      if (specifier.type !== "ExportSpecifier") continue;
      const local = keyName(specifier.local) as string;
      refs.names.push({ imported: local, local, scope, holder: specifier });
    }
    return;
  }
  if (node.type === "TSImportType") {
    refs.moduleExpressions.add(node);
    return;
  }
  if (node.type !== "CallExpression" && node.type !== "ImportExpression") return;
  if (node.type === "CallExpression" && node.arguments[0] !== literal) return;
  refs.moduleExpressions.add(node);
  // const x = require("probot"), const { Probot } = await import("probot")
  let holder: Path = path;
  if (holder.parent?.node.type === "AwaitExpression") holder = holder.parent as Path;
  const declarator = holder.parent?.node as AnyNode | undefined;
  if (declarator?.type === "VariableDeclarator" && declarator.init === holder.node) {
    addPatternNames(declarator.id, holder.parent as Path, refs);
  } else if (declarator?.type === "TSImportEqualsDeclaration") {
    refs.namespaces.push({ local: declarator.id.name, scope: scopeNode(holder.parent as Path) });
  }
}

function addPatternNames(id: AnyNode, declaratorPath: Path, refs: ModuleReferences): void {
  const scope = scopeNode(declaratorPath);
  if (id.type === "Identifier") {
    refs.namespaces.push({ local: id.name, scope });
    return;
  }
  if (id.type !== "ObjectPattern") return;
  for (const property of id.properties as AnyNode[]) {
    const imported = property.computed ? undefined : keyName(property.key);
    if (property.type === "RestElement" || imported === undefined) continue;
    const value = property.value?.type === "AssignmentPattern" ? property.value.left : property.value;
    if (value?.type !== "Identifier") continue;
    refs.names.push({ imported, local: value.name, scope, holder: property });
  }
}

/** `const { Probot } = probot` where `probot` holds the whole module. */
function collectNamespaceDestructuring(ast: AnyNode, refs: ModuleReferences): void {
  if (refs.namespaces.length === 0) return;
  visit(ast, {
    visitVariableDeclarator(path) {
      const { id, init } = path.node as AnyNode;
      if (id.type === "ObjectPattern" && init?.type === "Identifier") {
        const scope = declaringScope(path as Path, init.name);
        if (refs.namespaces.some((ns) => ns.local === init.name && ns.scope === scope))
          addPatternNames(id, path as Path, refs);
      }
      this.traverse(path);
    },
  });
}

export function scopeNode(path: Path): AnyNode {
  return (path.scope as unknown as Scope).node;
}

/**
 * Nodes, not scope objects: every visit builds new scopes. Not ast-types'
 * `lookup`: it throws "null does not match type Pattern" on `catch { }`.
 */
export function declaringScope(path: Path, name: string): AnyNode | null {
  for (let scope = path.scope as unknown as Scope | null; scope; scope = scope.parent) {
    const node = scope.node;
    if (
      node.type === "CatchClause"
        ? patternDeclares(node.param, name)
        : scope.declares(name) || varsInSkippedCatches(node).has(name)
    )
      return node;
  }
  return null;
}

/** True when a binding pattern (`e`, `{ message }`, `[a, ...rest]`, none) binds `name`. */
function patternDeclares(pattern: AnyNode | null | undefined, name: string): boolean {
  const names = new Set<string>();
  collectPatternNames(pattern, names);
  return names.has(name);
}

const skippedCatchVars = new WeakMap<AnyNode, Set<string>>();

/** ast-types' scan skips catch bodies whose parameter is not a plain name, though they declare outside. */
function varsInSkippedCatches(scopeNode: AnyNode): Set<string> {
  const cached = skippedCatchVars.get(scopeNode);
  if (cached) return cached;
  const found = new Set<string>();
  let depth = 0; // how many such catch clauses the walk is in
  visit(scopeNode, {
    visitFunction(path) {
      const node = path.node as AnyNode;
      if (node === scopeNode) this.traverse(path);
      else if (depth > 0 && node.type === "FunctionDeclaration" && node.id) found.add(node.id.name as string);
      return false; // a nested function is a scope of its own
    },
    visitCatchClause(path) {
      const skipped = (path.node as AnyNode).param?.type !== "Identifier";
      if (skipped) depth++;
      this.traverse(path);
      if (skipped) depth--;
    },
    visitVariableDeclaration(path) {
      const node = path.node as AnyNode;
      if (depth > 0 && node.kind === "var")
        for (const declarator of node.declarations as AnyNode[]) collectPatternNames(declarator.id, found);
      this.traverse(path);
    },
  });
  skippedCatchVars.set(scopeNode, found);
  return found;
}

function collectPatternNames(pattern: AnyNode | null | undefined, into: Set<string>): void {
  if (!pattern) return;
  if (pattern.type === "Identifier") into.add(pattern.name as string);
  else if (pattern.type === "AssignmentPattern") collectPatternNames(pattern.left, into);
  else if (pattern.type === "RestElement") collectPatternNames(pattern.argument, into);
  else if (pattern.type === "ArrayPattern")
    for (const element of pattern.elements as Array<AnyNode | null>) collectPatternNames(element, into);
  else if (pattern.type === "ObjectPattern") {
    for (const property of pattern.properties as AnyNode[])
      collectPatternNames(property.type === "RestElement" ? property : property.value, into);
  }
}
