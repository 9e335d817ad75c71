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

/**
 * The name of the type an identifier was declared with, when it is not `Context`: its annotation, or
 * for `const context = ...` without one, the cast of its initializer (`event.context as T`) or the
 * return type of the function of this file that made it (`getWebhookContext(event)`).
 */
function declaredType(path: Path): string | undefined {
  const node = path.node as AnyNode;
  if (node.type !== "Identifier") return undefined;
  const scope = declaringScope(path, node.name as string);
  if (!scope) return undefined;
  const declaration = declarationOf(scope, node.name as string);
  const type = declaration?.type ?? (declaration?.init ? typeOfInit(declaration.init, programOf(path)) : undefined);
  if (type?.type !== "TSTypeReference" || type.typeName.type !== "Identifier") return undefined;
  const named = type.typeName.name as string;
  return !contextTypeNamesAt(path).has(named) && declaresObjectType(path, named) ? named : undefined;
}

/** `x as T`, `<T>x`: T; `f(...)` of a function this file declares: its return type. */
function typeOfInit(init: AnyNode, program: AnyNode): AnyNode | undefined {
  if (init.type === "TSAsExpression" || init.type === "TSTypeAssertion") return init.typeAnnotation as AnyNode;
  if (init.type === "AwaitExpression") return typeOfInit(init.argument as AnyNode, program);
  if (init.type !== "CallExpression" || init.callee.type !== "Identifier") return undefined;
  const returned = functionNamed(program, init.callee.name as string)?.returnType?.typeAnnotation as
    AnyNode | undefined;
  // An async function's Promise<T>: the awaited value's type.
  if (returned?.type === "TSTypeReference" && keyName(returned.typeName) === "Promise")
    return (returned.typeParameters?.params as AnyNode[] | undefined)?.[0];
  return returned;
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

/** Members an event context has: a type of the app's own with any other is not one a context can be given as. */
const EVENT_CONTEXT_MEMBERS = new Set([
  "name",
  "id",
  "payload",
  "octokit",
  "github",
  "log",
  "repo",
  "issue",
  "pullRequest",
  "config",
  "isBot",
]);

/**
 * Whether the identifier at `path` holds an object of the app's own that is not an event context,
 * whose `name` (`octokit`, `github`) is its own key, which `app migrate` leaves:
 * - declared with an object type this file declares (an interface that extends nothing, or a type
 *   literal) that has no payload, whose `name` member is not typed from Probot's Context, and that
 *   either declares a member an event context lacks (`owner`, `issueNumber`) or is the type of a
 *   parameter this file hands an object literal with the key `name`;
 * - or made by a call of a function this file declares that returns an object literal with the key
 *   `name` and no payload, not typed as a Context (a test's factory of such objects).
 */
export function holdsOwnObject(path: Path, name: string): boolean {
  const node = path.node as AnyNode;
  if (node.type !== "Identifier") return false;
  const scope = declaringScope(path, node.name as string);
  if (!scope) return false;
  const program = programOf(path);
  const contextTypes = contextTypeNamesAt(path);
  const declaration = declarationOf(scope, node.name as string);
  if (declaration?.type) {
    const named = typeName(declaration.type);
    if (named === undefined || contextTypes.has(named)) return false;
    const members = ownObjectMembers(program, named);
    if (!members || members.has("payload") || !members.has(name)) return false;
    if (isProbotTyped(members.get(name), contextTypes)) return false;
    const foreign = [...members.keys()].some((member) => !EVENT_CONTEXT_MEMBERS.has(member));
    return foreign || handsLiteral(program, named, name);
  }
  const factory = declaration?.init;
  if (factory?.type !== "CallExpression" || factory.callee.type !== "Identifier") return false;
  const fn = functionNamed(program, factory.callee.name as string);
  if (!fn) return false;
  const returned = fn.returnType?.typeAnnotation as AnyNode | undefined;
  const returnedName = returned ? typeName(returned) : undefined;
  if (returnedName !== undefined && contextTypes.has(returnedName)) return false;
  let builds = false;
  visit(fn.body as AnyNode, {
    visitFunction() {
      return false;
    },
    visitReturnStatement(at) {
      const value = (at.node as AnyNode).argument as AnyNode | null;
      if (value?.type === "ObjectExpression") {
        const keys = literalKeys(value);
        if (keys.has(name) && !keys.has("payload")) builds = true;
      }
      return false;
    },
  });
  return builds;
}

function programOf(path: Path): AnyNode {
  let at: Path | null | undefined = path;
  while (at && (at.node as AnyNode).type !== "Program") at = at.parent as Path | null;
  return (at?.node ?? path.node) as AnyNode;
}

/** The type annotation (`ctx: T`) or initializer (`const ctx = f()`) of `name`'s binding in `scope`. */
function declarationOf(scope: AnyNode, name: string): { type?: AnyNode; init?: AnyNode } | undefined {
  let found: { type?: AnyNode; init?: AnyNode } | undefined;
  visit(scope, {
    visitIdentifier(at) {
      const id = at.node as AnyNode;
      if (found === undefined && id.name === name && id.typeAnnotation && declaringScope(at as Path, name) === scope)
        found = { type: id.typeAnnotation.typeAnnotation as AnyNode };
      this.traverse(at);
    },
    visitVariableDeclarator(at) {
      const node = at.node as AnyNode;
      if (found === undefined && node.id.type === "Identifier" && node.id.name === name && !node.id.typeAnnotation) {
        if (declaringScope(at.get("id") as Path, name) === scope) found = { init: node.init as AnyNode };
      }
      this.traverse(at);
    },
  });
  return found;
}

function typeName(type: AnyNode): string | undefined {
  return type.type === "TSTypeReference" && type.typeName.type === "Identifier"
    ? (type.typeName.name as string)
    : undefined;
}

/** The members of an object type the file declares (an interface extending nothing, or a type literal), with their types. */
function ownObjectMembers(program: AnyNode, name: string): Map<string, AnyNode | undefined> | undefined {
  let body: AnyNode[] | undefined;
  visit(program, {
    visitTSInterfaceDeclaration(at) {
      const node = at.node as AnyNode;
      if (keyName(node.id) === name && !(node.extends ?? []).length) body = node.body.body as AnyNode[];
      return false;
    },
    visitTSTypeAliasDeclaration(at) {
      const node = at.node as AnyNode;
      if (keyName(node.id) === name && node.typeAnnotation.type === "TSTypeLiteral")
        body = node.typeAnnotation.members as AnyNode[];
      return false;
    },
  });
  if (!body) return undefined;
  const members = new Map<string, AnyNode | undefined>();
  for (const member of body) {
    const key = member.computed ? undefined : keyName(member.key);
    if (key !== undefined) members.set(key, member.typeAnnotation?.typeAnnotation as AnyNode | undefined);
  }
  return members;
}

/** `Context["octokit"]`, `Context<"issues">["octokit"]`: a member typed from Probot's Context. */
function isProbotTyped(type: AnyNode | undefined, contextTypes: ReadonlySet<string>): boolean {
  if (type?.type !== "TSIndexedAccessType") return false;
  const object = type.objectType as AnyNode;
  return object.type === "TSTypeReference" && contextTypes.has(keyName(object.typeName) ?? "");
}

function literalKeys(node: AnyNode): Set<string> {
  const keys = new Set<string>();
  for (const property of node.properties as AnyNode[]) {
    const key = property.computed || property.type === "SpreadElement" ? undefined : keyName(property.key);
    if (key !== undefined) keys.add(key);
  }
  return keys;
}

function functionNamed(program: AnyNode, name: string): AnyNode | undefined {
  let found: AnyNode | undefined;
  visit(program, {
    visitFunctionDeclaration(at) {
      const node = at.node as AnyNode;
      if (found === undefined && keyName(node.id) === name) found = node;
      return false;
    },
    visitVariableDeclarator(at) {
      const node = at.node as AnyNode;
      const init = node.init as AnyNode | null;
      const isFunction = init?.type === "ArrowFunctionExpression" || init?.type === "FunctionExpression";
      if (found === undefined && keyName(node.id) === name && isFunction) found = init ?? undefined;
      this.traverse(at);
    },
  });
  return found;
}

/** Whether the file calls a function it declares with an object literal with the key `name` where its parameter has type `type`. */
function handsLiteral(program: AnyNode, type: string, name: string): boolean {
  let hands = false;
  visit(program, {
    visitCallExpression(at) {
      const call = at.node as AnyNode;
      const fn = call.callee.type === "Identifier" ? functionNamed(program, call.callee.name as string) : undefined;
      (call.arguments as AnyNode[]).forEach((argument, index) => {
        const param = fn?.params[index] as AnyNode | undefined;
        const annotated = param?.typeAnnotation?.typeAnnotation as AnyNode | undefined;
        if (argument.type === "ObjectExpression" && annotated && typeName(annotated) === type) {
          if (literalKeys(argument).has(name)) hands = true;
        }
      });
      this.traverse(at);
    },
  });
  return hands;
}
