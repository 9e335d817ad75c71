import { visit } from "recast";
import {
  CONTEXT_NAMES,
  findContextParts,
  isContextCast,
  isContextLiteral,
  isContextPart,
  isContextShaped,
  isTypedContext,
  spreadsContext,
  type Binding,
} from "./context-positions.js";
import { renameIndexedAccess, renameTypeQueryMember } from "./client-type-queries.js";
import { contextTypeNames, contextTypeNamesAt, jsdocContextParams } from "./context-types.js";
import { holdsOwnObject, reportClientMembers, reportOwnContextType } from "./own-context-type.js";
import {
  classMemberName,
  contextMembers,
  findContextWrappers,
  isContextPrototype,
  owningClass,
  renameWrapperMembers,
} from "./context-wrappers.js";
import { CONTEXT_RENAMES } from "./probot-names.js";
import { inheritedContextMembers, type BaseClassMembers } from "./context-base-classes.js";
import { declaringScope, scopeNode } from "./scope-lookup.js";
import { clientAlias, findOldNameReads } from "./double-old-reads.js";
import { keyName, lineOf, memberKey } from "./source-types.js";
import type { AnyNode, Path, SourceEdits, SourceWork } from "./source-types.js";

/** The new name of a context's member or key named `name` (`octokit`, Probot 10's `github`), if it has one. */
function clientKey(name: string | undefined): string | undefined {
  return name === undefined ? undefined : CONTEXT_RENAMES[name];
}

/**
 * Only where the object is surely an event context: other `.octokit`s and `.github`s are not ours.
 * With `extensions` (the app has Probot extensions installed, which are not migrated and read
 * `context.github` or `context.octokit`), a context double keeps its old key as a getter of `client`.
 */
export function renameContextClient(ast: AnyNode, log: SourceWork, extensions = false): void {
  // Variables that hold a context double: a literal that spreads one is a double too.
  const holders: Binding[] = [];
  const isDouble = (path: Path, parts: Binding[]): boolean =>
    isContextDouble(path, parts) || spreadsContext(path, holders);
  const parts = findContextParts(ast, isDouble, holders);
  const isEventContext = contextTester(ast, log.bases);
  reportClientMembers(ast, log);
  // `this` in a class that copies a context's client (`this.octokit = context.octokit`) is read as a context.
  const wrappers = findContextWrappers(ast, isEventContext);
  renameWrapperMembers(wrappers, log);
  const isContext = (path: Path): boolean =>
    isEventContext(path) ||
    ((path.node as AnyNode).type === "ThisExpression" && wrappers.has(owningClass(path) as AnyNode));
  const readsOldName = findOldNameReads(ast, isContext);
  const types = contextTypeNames(ast);
  visit(ast, {
    visitMemberExpression(path) {
      renameMember(path as Path, isContext, log);
      this.traverse(path);
    },
    visitOptionalMemberExpression(path) {
      renameMember(path as Path, isContext, log);
      this.traverse(path);
    },
    visitVariableDeclarator(path) {
      const node = path.node as AnyNode;
      if (node.id.type === "ObjectPattern" && node.init && isContext(path.get("init") as Path)) {
        renamePattern(node.id, path as Path, log);
      }
      this.traverse(path);
    },
    visitFunction(path) {
      const node = path.node as AnyNode;
      const first = node.params[0] as AnyNode | undefined;
      if (first?.type === "ObjectPattern" && (isHandler(path as Path) || isTypedContext(first, types)))
        renamePattern(first, path as Path, log);
      this.traverse(path);
    },
    visitObjectExpression(path) {
      const node = path.node as AnyNode;
      const keys = (node.properties as AnyNode[]).map((p) => (p.computed ? undefined : keyName(p.key)));
      if (keys.some((key) => clientKey(key)) && isDouble(path as Path, parts)) {
        for (const property of node.properties as AnyNode[]) {
          const name = property.computed ? undefined : keyName(property.key);
          if (!clientKey(name) || property.type === "SpreadElement" || keys.includes("client")) continue;
          renameKey(property, "client", log.edits);
          // A getter of the old name for an extension that reads it, or where this file reads it off the double.
          const why = extensions
            ? "for Probot extensions"
            : readsOldName(path as Path, name!) && "which this file reads";
          if (why) log.edits.insert(property.end as number, `, ${clientAlias(name as string)}`);
          const alias = why ? ` (and a getter ${name as string}, ${why})` : "";
          log.changes.push({
            line: lineOf(property),
            text: `context double { ${name as string} } → { client }${alias}`,
          });
        }
      }
      this.traverse(path);
    },
    visitTSQualifiedName(path) {
      renameTypeQueryMember(path as Path, isContext, log);
      this.traverse(path);
    },
    visitTSIndexedAccessType(path) {
      renameIndexedAccess(path.node as AnyNode, log);
      this.traverse(path);
    },
  });
}

/** Whether an expression is surely an event context: a context's name, a handler's or typed parameter, or `x.context`. */
export function contextTester(ast: AnyNode, bases?: BaseClassMembers): (path: Path) => boolean {
  const types = contextTypeNames(ast);
  const contexts = findContextParameters(ast, types);
  return (path) => {
    const node = path.node as AnyNode;
    if (node.type === "Identifier") {
      if (CONTEXT_NAMES.has(node.name)) return true;
      const scope = declaringScope(path, node.name);
      return contexts.some((c) => c.name === node.name && c.scope === scope);
    }
    const member = node.type === "MemberExpression" || node.type === "OptionalMemberExpression";
    if (!member) return false;
    if (memberKey(node) === "context" || isContextPrototype(node)) return true;
    // `this.ghContext`, `this.#ghContext`: a member its class declares with the context's type.
    if ((node.object as AnyNode).type !== "ThisExpression" || node.computed) return false;
    const owner = owningClass(path.get("object") as Path);
    const name = classMemberName(node.property as AnyNode);
    if (owner === undefined || name === undefined) return false;
    return contextMembers(owner, types).has(name) || inheritedContextMembers(ast, owner, types, bases).has(name);
  };
}

/** An object literal that builds an event context: with its payload, in a context's place, or a part of one. */
function isContextDouble(path: Path, parts: Binding[]): boolean {
  const node = path.node as AnyNode;
  const keys = (node.properties as AnyNode[]).map((p) => (p.computed ? undefined : keyName(p.key)));
  const types = contextTypeNamesAt(path);
  return (
    keys.includes("payload") ||
    isContextLiteral(path, types) ||
    isContextPart(path, parts, types) ||
    isContextShaped(path)
  );
}

function renameMember(path: Path, isContext: (path: Path) => boolean, log: SourceWork): void {
  const node = path.node as AnyNode;
  const property = node.property as AnyNode;
  const name = keyName(property);
  if (!clientKey(name) || (node.computed && property.type === "Identifier")) return;
  if (!isContext(path.get("object") as Path)) return;
  // `ctx.octokit` on an object of the app's own that is not an event context: its key stays.
  if (holdsOwnObject(path.get("object") as Path, name as string)) return;
  if (property.type === "Identifier") {
    log.edits.rename(property, "client");
    property.name = "client";
  } else {
    log.edits.replace(property, quoted(property, "client"));
    property.value = "client";
  }
  log.changes.push({ line: lineOf(property), text: `.${name as string} → .client` });
  reportOwnContextType(path.get("object") as Path, name as string, log);
}

/** Renames a property's key; a shorthand `{ octokit }` becomes `{ client: octokit }`. */
function renameKey(property: AnyNode, name: string, edits: SourceEdits): void {
  const key = property.key as AnyNode;
  if (property.shorthand) edits.replace(key, `${name}: ${key.name as string}`);
  else if (key.type === "Identifier") edits.rename(key, name);
  else edits.replace(key, quoted(key, name));
  property.key = { type: "Identifier", name };
  property.shorthand = false;
}

/** `value` in the quotes `literal` was written with. */
function quoted(literal: AnyNode, value: string): string {
  const quote = String(literal.extra?.raw ?? '"').startsWith("'") ? "'" : '"';
  return `${quote}${value}${quote}`;
}

/** `{ octokit }` from a context: `{ client }`, and its uses, unless `client` is taken there. */
function renamePattern(pattern: AnyNode, path: Path, log: SourceWork): void {
  for (const property of pattern.properties as AnyNode[]) {
    const name = property.type === "RestElement" || property.computed ? undefined : keyName(property.key);
    if (!clientKey(name)) continue;
    const value = property.value.type === "AssignmentPattern" ? property.value.left : property.value;
    const scope = path.node.type === "VariableDeclarator" ? scopeNode(path) : (path.node as AnyNode);
    const renameUses = property.shorthand && value.type === "Identifier" && !hasIdentifier(scope, "client");
    if (renameUses) {
      renameLocal(scope, name as string, "client", log.edits); // the pattern's own value too, at the key's place
      property.key.name = "client";
      log.changes.push({ line: lineOf(property), text: `{ ${name as string} } → { client } (and its uses)` });
    } else {
      const shorthand = property.shorthand;
      renameKey(property, "client", log.edits);
      log.changes.push({
        line: lineOf(property),
        text: shorthand
          ? `{ ${name as string} } → { client: ${name as string} }`
          : `{ ${name as string}: x } → { client: x }`,
      });
    }
  }
}

function renameLocal(scope: AnyNode, from: string, to: string, edits: SourceEdits): void {
  visit(scope, {
    visitIdentifier(path) {
      const node = path.node as AnyNode;
      const parent = path.parent?.node as AnyNode | undefined;
      const isKey =
        parent &&
        (((parent.type === "MemberExpression" || parent.type === "OptionalMemberExpression") &&
          path.name === "property" &&
          !parent.computed) ||
          ((parent.type === "ObjectProperty" || parent.type === "ObjectMethod") &&
            path.name === "key" &&
            !parent.computed));
      if (node.name === from && !isKey && declaringScope(path as Path, from) === scope) {
        // { octokit } in an object literal keeps its key: { octokit: client }.
        const literal =
          parent?.type === "ObjectProperty" &&
          parent.shorthand &&
          path.parent?.parent?.node.type === "ObjectExpression";
        if (literal) edits.replace(node, `${from}: ${to}`);
        else edits.rename(node, to);
        node.name = to;
      }
      this.traverse(path);
    },
  });
}

function hasIdentifier(root: AnyNode, name: string): boolean {
  let found = false;
  visit(root, {
    visitIdentifier(path) {
      if ((path.node as AnyNode).name === name) found = true;
      return found ? false : this.traverse(path);
    },
  });
  return found;
}

/**
 * First parameters of handlers (`x.on(name, handler)`, inline or a function of this file given by
 * its name), parameters and variables typed or cast as a context (by any of the file's names for its
 * type, `types`), and parameters a JSDoc `@param` types so.
 */
function findContextParameters(ast: AnyNode, types: ReadonlySet<string>): Binding[] {
  const found: Binding[] = [];
  const handlers = handlersByName(ast);
  visit(ast, {
    visitFunction(path) {
      const node = path.node as AnyNode;
      const documented = jsdocContextParams(path as Path, types);
      const handler = isHandler(path as Path) || isNamedHandler(path as Path, handlers);
      for (const [index, param] of (node.params as AnyNode[]).entries()) {
        if (param.type !== "Identifier") continue;
        if ((index === 0 && handler) || isTypedContext(param, types) || documented.has(param.name as string))
          found.push({ name: param.name, scope: node });
      }
      this.traverse(path);
    },
    visitVariableDeclarator(path) {
      const node = path.node as AnyNode;
      if (
        node.id.type === "Identifier" &&
        (isTypedContext(node.id, types) ||
          isContextCast(node.init, types) ||
          isContextConstruction(node.init, types, ast))
      )
        found.push({ name: node.id.name, scope: declaringScope(path as Path, node.id.name) ?? ast });
      this.traverse(path);
    },
  });
  return found;
}

/**
 * `new Context(event, octokit, log)`, Probot's constructor, by any of the file's names for the context's type;
 * not a `Context` the file imports from another package.
 */
function isContextConstruction(init: AnyNode | null | undefined, types: ReadonlySet<string>, ast: AnyNode): boolean {
  const callee = init?.type === "NewExpression" ? (init.callee as AnyNode) : undefined;
  if (callee?.type !== "Identifier" || !types.has(callee.name as string)) return false;
  return !(ast.program?.body as AnyNode[] | undefined)?.some(
    (statement) =>
      statement.type === "ImportDeclaration" &&
      !/^(?:probot|gh-app-kit)(?:\/|$)/.test(String(statement.source.value)) &&
      (statement.specifiers as AnyNode[]).some((specifier) => specifier.local?.name === callee.name),
  );
}

/** The functions given to `x.on(...)` or `x.onAny(...)` by name: `app.on("issues.opened", onOpened)`. */
function handlersByName(ast: AnyNode): Binding[] {
  const found: Binding[] = [];
  visit(ast, {
    visitCallExpression(path) {
      const node = path.node as AnyNode;
      const last = (node.arguments as AnyNode[]).at(-1);
      if (isOnCall(node) && last?.type === "Identifier") {
        const scope = declaringScope(path as Path, last.name as string);
        if (scope) found.push({ name: last.name as string, scope });
      }
      this.traverse(path);
    },
  });
  return found;
}

/** Whether the function at `path` is one of `handlers`: a declaration, or the value of a variable, of that name and scope. */
function isNamedHandler(path: Path, handlers: Binding[]): boolean {
  if (handlers.length === 0) return false;
  const node = path.node as AnyNode;
  const parent = path.parent as Path | null | undefined;
  const holder = parent?.node as AnyNode | undefined;
  const id =
    node.type === "FunctionDeclaration"
      ? (node.id as AnyNode | null)
      : holder?.type === "VariableDeclarator" && holder.init === node
        ? (holder.id as AnyNode)
        : undefined;
  if (id?.type !== "Identifier" || !parent) return false;
  const scope = declaringScope(parent, id.name as string);
  return handlers.some((h) => h.name === id.name && h.scope === scope);
}

/** A function given as the last argument of `x.on(...)` or `x.onAny(...)`. */
function isHandler(path: Path): boolean {
  const call = path.parent?.node as AnyNode | undefined;
  return call?.type === "CallExpression" && call.arguments.at(-1) === path.node && isOnCall(call);
}

/** `x.on(...)` or `x.onAny(...)`. */
function isOnCall(call: AnyNode): boolean {
  const callee = call.callee as AnyNode;
  return (
    callee.type === "MemberExpression" && !callee.computed && ["on", "onAny"].includes(keyName(callee.property) ?? "")
  );
}
