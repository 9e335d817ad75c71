import {
  expressBindings,
  expressMiddlewareModule,
  expressShape,
  honoSend,
  sentStringOnly,
} from "./express-handlers.js";
import { isPlainRoutePath } from "../helpers/route-path.js";
import { exportedFunctions, relativeCallTargets, type RouterParam } from "./router-handoffs.js";
import { localFunction, valuesDeclaredIn } from "./declared-values.js";
import { findRouterRegistrations, type Registration, type RouterHandoff } from "./router-values.js";
import { declaringScope } from "./scope-lookup.js";
import { lineOf, type AnyNode, type Path, type SourceWork } from "./source-types.js";

/**
 * Routes and middleware written for Express on a router of getRouter()'s (Probot 10–13's was
 * Express's). On a Node server they run through the app's own `express`, as they did under Probot,
 * so their lines are kept in `log.expressRoutes`, for package.json to declare `express`. A handler that
 * only sends a string is rewritten for Hono, `(c) => c.html(s)` (Express sends a string as
 * text/html), which then runs on every runtime; the check of the rewrite proves it.
 */
export function reportExpressRoutes(
  ast: AnyNode,
  code: string,
  log: SourceWork,
  routerParams: ReadonlyArray<RouterParam> = [],
): RouterHandoff[] {
  // Nothing such a file could reach a router by, unless another file hands it one.
  if (routerParams.length === 0 && !/getRouter|\brouter?\b/.test(code)) return [];
  const exported = routerParams.length > 0 ? exportedFunctions(ast) : new Map<string, AnyNode>();
  const seeds = routerParams.flatMap(({ name, index }) => {
    const fn = exported.get(name);
    return fn ? [{ fn, index }] : [];
  });
  const { registrations, handoffs } = findRouterRegistrations(ast, code, {
    seeds,
    callTarget: relativeCallTargets(ast),
  });
  if (registrations.length === 0) return handoffs;
  const bindings = expressBindings(ast);
  for (const registration of registrations) {
    for (const handler of registration.handlers) {
      let node = handler.node as AnyNode;
      if (node.type === "Identifier") node = resolveValue(handler) ?? node;
      const module = expressMiddlewareModule(node, bindings);
      if (module) {
        (log.expressRoutes ??= []).push(lineOf(handler.node as AnyNode));
        continue;
      }
      const shape = expressShape(node);
      if (!shape) continue;
      // Only where Hono reads the route's path as Express did (not `/healthcheck(.html)?`, a RegExp).
      const plain = registration.route !== undefined && isPlainRoutePath(registration.route);
      const literal = node === handler.node && plain ? sentStringOnly(node, code) : undefined;
      if (literal) {
        const hono = honoSend(node, literal, code);
        log.edits.replace(node, hono);
        log.changes.push({ line: lineOf(node), text: `Express handler ${describe(registration)} → ${hono}` });
        continue;
      }
      (log.expressRoutes ??= []).push(lineOf(handler.node as AnyNode));
    }
  }
  return handoffs;
}

function describe({ receiver, method, route }: Registration): string {
  return `${receiver ?? ""}.${method}(${route === undefined ? "" : JSON.stringify(route)})`;
}

/** What a name given as a handler stands for: a function of the file, or a const's value (`bodyParser.json()`). */
function resolveValue(path: Path): AnyNode | undefined {
  const fn = localFunction(path);
  if (fn) return fn;
  const name = (path.node as AnyNode).name as string;
  const scope = declaringScope(path, name);
  return scope ? valuesDeclaredIn(scope).get(name) : undefined;
}
