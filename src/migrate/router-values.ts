import { visit } from "recast";
import { localFunction, valuesDeclaredIn } from "./declared-values.js";
import { declaringScope } from "./scope-lookup.js";
import { keyName, type AnyNode, type Path } from "./source-types.js";

/** Methods that add a route or middleware, on Hono's router and on Express's (`param` is Express's alone). */
const REGISTERS = new Set(["get", "post", "put", "delete", "patch", "options", "head", "all", "use", "on", "param"]);

/** Keys of an app function's argument, besides the deprecated `route` and `router` it is destructured with. */
const ARGUMENT_KEYS = new Set(["app", "getRouter", "on", "log", "load", "receive", "auth"]);

/** Names an app function's first parameter goes by: Probot 9 and 10's `app.router` and `app.route()` hang on it. */
const APP_NAMES = new Set(["app", "robot", "probot"]);

const WRAPPERS = /^TS(As|Satisfies|NonNull)Expression$|^TSTypeAssertion$|^ParenthesizedExpression$/;

/** A router of getRouter()'s passed to a function of another file of the app: `require("./routes")(router)`. */
export type RouterHandoff = {
  /** The module as written: "./routes". */
  module: string;
  /** The export called: "default" for `module.exports` / `export default`, else its name. */
  name: string;
  /** The argument that is the router. */
  index: number;
};

export type RouterSearch = {
  /** Parameters that other files pass a router to: `index` of `fn`. */
  seeds?: ReadonlyArray<{ fn: AnyNode; index: number }>;
  /** The function of another file a callee stands for, if any. */
  callTarget?: ((callee: AnyNode) => Omit<RouterHandoff, "index"> | undefined) | undefined;
};

/** A route or middleware added to a router of getRouter()'s: `router.get("/a", h1, h2)`. */
export type Registration = {
  call: AnyNode;
  method: string;
  /** The route's path as written, when it is a string. */
  route: string | undefined;
  /** The router's own text when short (`router`), for the messages. */
  receiver: string | undefined;
  /** The path given to getRouter() for this router, when the file shows it as a string. */
  base: string | undefined;
  handlers: Path[];
};

/**
 * Every route and middleware added to a router that getRouter() gave, however it is reached:
 * `getRouter(p)` (also renamed, `{ getRouter: gr }`) or `options.getRouter(p)`, chained calls, a
 * variable holding one, a function of the file it is passed to, and the deprecated `app.router`,
 * `app.route(p)` and `{ route, router }` of the argument.
 */
export function findRouterRegistrations(
  ast: AnyNode,
  code: string,
  { seeds = [], callTarget }: RouterSearch = {},
): { registrations: Registration[]; handoffs: RouterHandoff[] } {
  const names = argumentNames(ast);
  const held = new Map<AnyNode, Set<string>>();
  const hold = (scope: AnyNode | null, name: string): boolean => {
    if (!scope) return false;
    const set = held.get(scope) ?? new Set<string>();
    held.set(scope, set);
    if (set.has(name)) return false;
    set.add(name);
    return true;
  };
  const isRouter = (path: Path): boolean => {
    let at = path;
    while (WRAPPERS.test((at.node as AnyNode).type)) at = at.get("expression") as Path;
    const node = at.node as AnyNode;
    if (node.type === "Identifier") {
      const name = node.name as string;
      return names.router.has(name) || held.get(declaringScope(at, name) as AnyNode)?.has(name) === true;
    }
    if (node.type === "MemberExpression" && !node.computed)
      return keyName(node.property) === "router" && isAppName(node.object as AnyNode);
    // typeof getRouter === "function" && getRouter("/x"), getRouter ? getRouter() : undefined, await ...
    if (node.type === "LogicalExpression")
      return isRouter(at.get("right") as Path) || (node.operator !== "&&" && isRouter(at.get("left") as Path));
    if (node.type === "ConditionalExpression")
      return isRouter(at.get("consequent") as Path) || isRouter(at.get("alternate") as Path);
    if (node.type === "AwaitExpression") return isRouter(at.get("argument") as Path);
    if (node.type !== "CallExpression" && node.type !== "OptionalCallExpression") return false;
    const callee = node.callee as AnyNode;
    if (callee.type === "Identifier") return names.getRouter.has(callee.name as string);
    if (!/^(Optional)?MemberExpression$/.test(callee.type) || callee.computed) return false;
    const member = keyName(callee.property) ?? "";
    const args = node.arguments as AnyNode[];
    if (member === "getRouter") return true;
    if (member === "route" && args.length <= 1 && isAppName(callee.object as AnyNode)) return true;
    const onRouter = () => isRouter(at.get("callee", "object") as Path);
    // Chained: Hono's and Express's methods return the router; Express's route(p) returns its route.
    return (REGISTERS.has(member) || member === "basePath" || (member === "route" && args.length === 1)) && onRouter();
  };
  const isAppName = (node: AnyNode) => node.type === "Identifier" && names.app.has(node.name as string);
  const baseOf = (node: AnyNode | undefined, path?: Path): string | undefined => {
    if (node?.type === "Identifier" && path) {
      const scope = declaringScope(path, node.name as string);
      return baseOf(scope ? valuesDeclaredIn(scope).get(node.name as string) : undefined);
    }
    if (node?.type !== "CallExpression") return undefined;
    const callee = node.callee as AnyNode;
    const member = callee.type === "MemberExpression" && !callee.computed ? keyName(callee.property) : undefined;
    const [first] = node.arguments as AnyNode[];
    if ((callee.type === "Identifier" && names.getRouter.has(callee.name as string)) || member === "getRouter")
      return first ? keyName(first) : "/";
    return member && REGISTERS.has(member) ? baseOf(callee.object as AnyNode) : undefined;
  };

  for (const { fn, index } of seeds) {
    const param = (fn.params as AnyNode[])[index];
    if (param?.type === "Identifier") hold(fn, param.name as string);
  }
  for (let round = 0, changed = true; changed && round < 5; round++) {
    changed = false;
    visit(ast, {
      visitVariableDeclarator(path) {
        const { id, init } = path.node as AnyNode;
        if (id.type === "Identifier" && init && isRouter(path.get("init") as Path))
          changed = hold(declaringScope(path.get("id") as Path, id.name as string), id.name as string) || changed;
        this.traverse(path);
      },
      visitAssignmentExpression(path) {
        const { left } = path.node as AnyNode;
        if (left.type === "Identifier" && isRouter(path.get("right") as Path))
          changed = hold(declaringScope(path, left.name as string), left.name as string) || changed;
        this.traverse(path);
      },
      visitCallExpression(path) {
        const fn = localFunction(path.get("callee") as Path);
        for (const [index, param] of ((fn?.params ?? []) as AnyNode[]).entries()) {
          const arg = path.get("arguments", index) as Path;
          if (param.type === "Identifier" && arg.node && isRouter(arg))
            changed = hold(fn as AnyNode, param.name as string) || changed;
        }
        this.traverse(path);
      },
    });
  }

  const found: Registration[] = [];
  const handoffs: RouterHandoff[] = [];
  const consider = (path: Path) => {
    const node = path.node as AnyNode;
    const callee = node.callee as AnyNode;
    const target = callTarget?.(callee);
    for (const [index] of (target ? (node.arguments as AnyNode[]) : []).entries())
      if (isRouter(path.get("arguments", index) as Path)) handoffs.push({ ...(target as RouterHandoff), index });
    const member =
      /^(Optional)?MemberExpression$/.test(callee.type) && !callee.computed ? keyName(callee.property) : "";
    if (member && REGISTERS.has(member) && isRouter(path.get("callee", "object") as Path)) {
      const args = node.arguments as AnyNode[];
      const skip = member === "on" ? 2 : args[0] && isPathLike(args[0]) ? 1 : 0;
      const routeArg = args[member === "on" ? 1 : 0];
      const object = callee.object as AnyNode;
      const text = code.slice(object.start as number, object.end as number);
      found.push({
        call: node,
        method: member,
        route: skip > 0 ? keyName(routeArg) : undefined,
        base: baseOf(object, path.get("callee", "object") as Path),
        receiver: text.length <= 40 && /^[\w$.]+(\((["'`][^"'`]*["'`])?\))?$/.test(text) ? text : undefined,
        handlers: args.slice(skip).flatMap((arg, index) => {
          const argPath = path.get("arguments", index + skip) as Path;
          if (arg.type !== "ArrayExpression") return [argPath];
          return (arg.elements as Array<AnyNode | null>).flatMap((each, at) =>
            each ? [argPath.get("elements", at) as Path] : [],
          );
        }),
      });
    }
  };
  visit(ast, {
    visitCallExpression(path) {
      consider(path as Path);
      this.traverse(path);
    },
    visitOptionalCallExpression(path) {
      consider(path as Path);
      this.traverse(path);
    },
  });
  return { registrations: found, handoffs };
}

function isPathLike(node: AnyNode): boolean {
  if (node.type === "ArrayExpression") return (node.elements as AnyNode[]).every((each) => each && isPathLike(each));
  return /^(StringLiteral|TemplateLiteral|RegExpLiteral)$/.test(node.type);
}

/** getRouter's names (itself, and `{ getRouter: gr }`), the deprecated `router` and `route` of the argument, and the app's. */
function argumentNames(ast: AnyNode) {
  const names = { getRouter: new Set(["getRouter"]), router: new Set<string>(), app: new Set(APP_NAMES) };
  visit(ast, {
    visitObjectPattern(path) {
      const properties = (path.node as AnyNode).properties as AnyNode[];
      const keys = properties.map((p) => (p.computed ? undefined : keyName(p.key)));
      const isArgument = keys.some((key) => key !== undefined && ARGUMENT_KEYS.has(key));
      for (const [index, property] of properties.entries()) {
        const value = property.value as AnyNode | undefined;
        if (value?.type !== "Identifier") continue;
        if (keys[index] === "getRouter" || (isArgument && keys[index] === "route"))
          names.getRouter.add(value.name as string);
        if (isArgument && keys[index] === "router") names.router.add(value.name as string);
        if (isArgument && keys[index] === "app") names.app.add(value.name as string);
      }
      this.traverse(path);
    },
    visitFunction(path) {
      // (robot, { getRouter }) => ...: the first parameter is the app.
      const [first, second] = (path.node as AnyNode).params as AnyNode[];
      if (first?.type === "Identifier" && second?.type === "ObjectPattern") {
        const keys = (second.properties as AnyNode[]).map((p) => keyName(p.key));
        if (keys.includes("getRouter")) names.app.add(first.name as string);
      }
      this.traverse(path);
    },
  });
  return names;
}
