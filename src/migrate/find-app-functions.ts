import { visit } from "recast";
import { calleeName } from "./module-calls.js";
import { valuesDeclaredIn } from "./declared-values.js";
import { exportedFunctions, relativeCallTargets } from "./router-handoffs.js";
import { declaringScope } from "./scope-lookup.js";
import { keyName, lineOf, type AnyNode, type Path, type SourceLog } from "./source-types.js";

/** Calls that take an app function: `probot.load(fn)`, `run(fn)` / `run([fn])`, `createNodeMiddleware(fn, ...)`. */
const LOADERS = new Set(["load", "run", "createNodeMiddleware"]);

/**
 * Members of the earlier argument (Probot's `app`) that show a function treats its first parameter as the app;
 * not `log`, which a `Context` has too.
 */
const APP_MEMBERS = new Set(["on", "onAny", "onError", "load", "auth", "receive", "route", "router", "webhooks"]);

const FUNCTIONS = new Set(["ArrowFunctionExpression", "FunctionExpression", "FunctionDeclaration"]);

/**
 * App functions written in Probot's shape, `(app) => ...` or `(app, { getRouter }) => ...`, where the
 * current shape is `({ app, getRouter }) => ...`. They run here, but the old members of their argument warn
 * as deprecated. They are reported, not rewritten: a rewrite changes what the function takes, and a caller
 * the migration cannot see (a test calling `myApp(fakeApp)`, another package) would break.
 */
export function reportAppFunctions(
  ast: AnyNode,
  log: SourceLog,
  /** Exports another file of the app hands to a loader (`loaded` of that file's result). */
  loadedExports: ReadonlySet<string> = new Set(),
): AppFunctionHandoff[] {
  const found = new Set<AnyNode>();
  const loaded: AppFunctionHandoff[] = [];
  const target = relativeCallTargets(ast);
  const consider = (path: Path | undefined, given: boolean, typed = false) => {
    const fn = path && resolveFunction(path);
    // Typed with Probot's ApplicationFunction (renamed DeprecatedApplicationFunction): an app function by its type.
    if (fn && !found.has(fn) && (typed ? isTypedEarlierShape(fn) : isEarlierShape(fn, given))) found.add(fn);
    // A function of another file of the app, by the name it was imported or required by.
    const elsewhere = !fn && given && path?.node ? target(path.node as AnyNode) : undefined;
    if (elsewhere) loaded.push(elsewhere);
  };
  if (loadedExports.size > 0)
    for (const [name, fn] of exportedFunctions(ast))
      if (loadedExports.has(name) && isEarlierShape(fn, true)) found.add(fn);
  visit(ast, {
    visitCallExpression(path) {
      const node = path.node as AnyNode;
      if (LOADERS.has(calleeName(node.callee as AnyNode) ?? "")) {
        const first = path.get("arguments", 0) as Path;
        if ((first.node as AnyNode | undefined)?.type === "ArrayExpression")
          for (const [index] of ((first.node as AnyNode).elements as AnyNode[]).entries())
            consider(first.get("elements", index) as Path, true);
        else consider(first, true);
      }
      this.traverse(path);
    },
    visitAssignmentExpression(path) {
      const left = path.node.left as AnyNode;
      const target = left.type === "MemberExpression" ? memberText(left) : "";
      if (target === "module.exports" || target === "exports.default" || target === "module.exports.default")
        consider(path.get("right") as Path, false);
      this.traverse(path);
    },
    visitExportDefaultDeclaration(path) {
      consider(path.get("declaration") as Path, false);
      this.traverse(path);
    },
    visitVariableDeclarator(path) {
      if (isEarlierAppFunctionType((path.node.id as AnyNode).typeAnnotation as AnyNode | undefined))
        consider(path.get("init") as Path, true, true);
      this.traverse(path);
    },
    visitTSSatisfiesExpression(path) {
      if (isEarlierAppFunctionType(path.node.typeAnnotation as AnyNode))
        consider(path.get("expression") as Path, true, true);
      this.traverse(path);
    },
    visitTSAsExpression(path) {
      if (isEarlierAppFunctionType(path.node.typeAnnotation as AnyNode))
        consider(path.get("expression") as Path, true, true);
      this.traverse(path);
    },
    visitTSExportAssignment(path) {
      consider(path.get("expression") as Path, false);
      this.traverse(path);
    },
  });
  for (const fn of found) {
    const [first, second, ...later] = fn.params as AnyNode[];
    const name = (first as AnyNode).name as string;
    const keys =
      second?.type === "ObjectPattern" ? (second.properties as AnyNode[]).map((p) => keyName(p.key) ?? "...") : [];
    const rest = second?.type === "Identifier" ? (second.name as string) : `{ ${keys.join(", ")} }`;
    // Parameters after the second (a dependency a test replaces) stay there: the loader passes its options second.
    const after = later.map(paramText);
    const tail = after.map((text) => `, ${text}`).join("");
    const shape = second ? `(${name}, ${rest}${tail})` : `(${name})`;
    const current = `({ ${name === "app" ? "app" : `app: ${name}`}, getRouter }${after.length > 0 ? `, _options${tail}` : ""})`;
    const kept =
      after.length > 0
        ? ` (${later.map(paramName).join(" and ")} ${later.length === 1 ? "keeps its place" : "keep their places"}: the second argument is still the loader's options, as in Probot)`
        : "";
    log.problems.push({
      line: lineOf(fn),
      message: `the app function takes ${shape}, Probot's shape: the old members of its argument (${name}.on, ${name}.log, ...) warn as deprecated`,
      hint: `Write it as ${current} => { ... }${kept}; where a test or another module calls it directly, call it with { app, getRouter } (probot.load(fn) needs no change). A helper it passes ${name} to needs no change; a type DeprecatedApplicationFunction (Probot's ApplicationFunction, renamed) becomes ApplicationFunction. Not rewritten: app migrate cannot see every caller.`,
    });
    reportExpressRouters(fn, name, log);
    reportExpressRouterType(ast, fn, log);
  }
  return loaded;
}

/**
 * `{ getRouter }: { getRouter?: (path?: string) => Router }` with `Router` (or `IRouter`) from express:
 * Probot 10 to 13's router was Express's, gh-app-kit's takes Express handlers at run time but is typed
 * as Hono's, so tsc refuses the function where it is loaded. Reported once a function.
 */
function reportExpressRouterType(ast: AnyNode, fn: AnyNode, log: SourceLog): void {
  const { named, namespaces } = expressImports(ast);
  if (named.size === 0 && namespaces.size === 0) return;
  let at: AnyNode | undefined;
  for (const param of (fn.params as AnyNode[]).slice(1)) {
    visit(param, {
      visitTSTypeReference(path) {
        const type = (path.node as AnyNode).typeName as AnyNode;
        const express =
          type.type === "Identifier"
            ? named.has(type.name as string)
            : type.type === "TSQualifiedName" &&
              type.left.type === "Identifier" &&
              namespaces.has(type.left.name as string) &&
              /^I?Router$/.test(keyName(type.right) ?? "");
        if (express && at === undefined) at = path.node as AnyNode;
        this.traverse(path);
      },
    });
  }
  if (at === undefined) return;
  log.problems.push({
    line: lineOf(at),
    message:
      "the app function types getRouter's router as Express's Router: the router here runs Express handlers on a Node server, but its type is Hono's, so tsc refuses the function where it is loaded (run(), load())",
    hint: "Leave the second parameter untyped or type it ApplicationFunctionOptions from gh-app-kit, and where Express's types are wanted cast the router: const router = getRouter() as unknown as Router (docs/server.md, \"Routes are Hono's, and Express's run on Node\").",
  });
}

/** The file's imports of express: `{ Router, IRouter }` by their local names, and default or namespace imports. */
function expressImports(ast: AnyNode): { named: Set<string>; namespaces: Set<string> } {
  const named = new Set<string>();
  const namespaces = new Set<string>();
  visit(ast, {
    visitImportDeclaration(path) {
      const node = path.node as AnyNode;
      if (node.source.value !== "express") return false;
      for (const specifier of node.specifiers as AnyNode[]) {
        if (specifier.type === "ImportSpecifier" && /^I?Router$/.test(keyName(specifier.imported) ?? ""))
          named.add(specifier.local.name as string);
        else if (specifier.type !== "ImportSpecifier") namespaces.add(specifier.local.name as string);
      }
      return false;
    },
  });
  return { named, namespaces };
}

/** An app function this file hands to a loader from another file: its export `name` of `module`. */
export type AppFunctionHandoff = { module: string; name: string };

/** A parameter as the report shows it: `Settings`, `Settings = ...`, `...more`. */
function paramText(param: AnyNode): string {
  if (param.type === "AssignmentPattern") return `${paramName(param)} = ...`;
  if (param.type === "RestElement") return `...${paramName(param)}`;
  return paramName(param);
}

function paramName(param: AnyNode): string {
  const inner = param.type === "AssignmentPattern" ? param.left : param.type === "RestElement" ? param.argument : param;
  return (inner as AnyNode).type === "Identifier" ? ((inner as AnyNode).name as string) : "...";
}

const ROUTER_HINT =
  'Take getRouter from the argument: ({ app, getRouter }) => { const router = getRouter("/my-app"); ... }. ' +
  "Its routes are served as before: handlers written for Express run " +
  "through the app's express on a Node server (app run, createServer, createNodeMiddleware); write them for Hono, " +
  '(c) => c.text("ok"), to serve them from createWebHandler or a Lambda too.';

/** `app.router` and `app.route(path)`: Probot 9 and 10's Express router, which Probot 11 removed. */
function reportExpressRouters(fn: AnyNode, name: string, log: SourceLog): void {
  visit(fn.body as AnyNode, {
    visitMemberExpression(path) {
      const node = path.node as AnyNode;
      const member = node.computed ? undefined : keyName(node.property);
      const called = (path.parent?.node as AnyNode | undefined)?.callee === node;
      const onApp = (node.object as AnyNode).type === "Identifier" && (node.object as AnyNode).name === name;
      if (onApp && (member === "router" || (member === "route" && called))) {
        const what = member === "router" ? `${name}.router` : `${name}.route()`;
        log.problems.push({
          line: lineOf(node),
          message: `uses ${what}, Probot 9 and 10's router, deprecated: here it gives getRouter()'s router, with a deprecation warning`,
          hint: ROUTER_HINT,
        });
      }
      this.traverse(path);
    },
  });
}

/** The function an expression is, or the local function or const a name given there was declared as. */
function resolveFunction(path: Path): AnyNode | undefined {
  let node = path.node as AnyNode | undefined;
  while (node && /^TS(As|Satisfies|NonNull)Expression$|^TSTypeAssertion$/.test(node.type)) node = node.expression;
  if (node && FUNCTIONS.has(node.type)) return node;
  if (node?.type !== "Identifier") return undefined;
  const name = node.name as string;
  const scope = declaringScope(path, name);
  const value = scope ? valuesDeclaredIn(scope).get(name) : undefined;
  return value && FUNCTIONS.has(value.type) ? value : undefined;
}

/**
 * `(app) => { app.on(...) }`, `(robot, { getRouter }) => ...`; not `({ app }) => ...`, not `() => ...`, and
 * not `(robot, name, callback) => ...`: the loader passes two arguments, so a parameter after the second
 * of an app function has a default or is a rest (`(robot, options, Settings = require(...))`); one that
 * must be given is a Probot extension's (`commands(app, "label", fn)`).
 */
function isEarlierShape(fn: AnyNode, loaded: boolean): boolean {
  const [first, second, ...more] = fn.params as AnyNode[];
  if (first?.type !== "Identifier") return false;
  if (more.some((param) => param.type !== "AssignmentPattern" && param.type !== "RestElement")) return false;
  if (second?.type === "ObjectPattern" && (second.properties as AnyNode[]).some((p) => keyName(p.key) === "getRouter"))
    return true;
  const typed = keyName(first.typeAnnotation?.typeAnnotation?.typeName);
  if (typed === "Probot" || typed === "App" || typed === "Application") return true;
  if (typed === "ApplicationFunctionOptions") return false;
  return usesAsApp(fn, first.name as string) || (loaded && fn.params.length === 2);
}

/** `DeprecatedApplicationFunction`, as `app migrate` renames Probot's `ApplicationFunction` (plain or `ns.`). */
function isEarlierAppFunctionType(annotation: AnyNode | undefined): boolean {
  const type = annotation?.type === "TSTypeAnnotation" ? annotation.typeAnnotation : annotation;
  if (type?.type !== "TSTypeReference") return false;
  const name = type.typeName as AnyNode;
  const last = name.type === "TSQualifiedName" ? name.right : name;
  return keyName(last) === "DeprecatedApplicationFunction";
}

/** A function given that type takes the app first, whatever it reads of it; not `({ app }) => ...`. */
function isTypedEarlierShape(fn: AnyNode): boolean {
  const [first] = fn.params as AnyNode[];
  return first?.type === "Identifier";
}

/** Whether the function's body reads one of the app's members on `name`: `app.on(...)`, `app.auth()`. */
function usesAsApp(fn: AnyNode, name: string): boolean {
  let uses = false;
  visit(fn.body as AnyNode, {
    visitMemberExpression(path) {
      const node = path.node as AnyNode;
      if ((node.object as AnyNode).type === "Identifier" && (node.object as AnyNode).name === name && !node.computed)
        if (APP_MEMBERS.has(keyName(node.property) ?? "")) uses = true;
      if (uses) return false;
      this.traverse(path);
    },
  });
  return uses;
}

function memberText(node: AnyNode): string {
  if (node.type === "Identifier") return node.name as string;
  if (node.type === "MemberExpression" && !node.computed)
    return `${memberText(node.object)}.${keyName(node.property) ?? ""}`;
  return "";
}
