import {
  expressBindings,
  expressMiddlewareModule,
  expressShape,
  honoAnswer,
  honoSend,
  literalValue,
  sentStringOnly,
} from "./express-handlers.js";
import { exportedFunctions, relativeCallTargets, type RouterParam } from "./router-handoffs.js";
import { localFunction, valuesDeclaredIn } from "./declared-values.js";
import { findRouterRegistrations, type Registration, type RouterHandoff } from "./router-values.js";
import { declaringScope } from "./scope-lookup.js";
import { lineOf, type AnyNode, type Path, type SourceWork } from "./source-types.js";

const KEEP_EXPRESS =
  "Or keep the Express code: serve it from your own express() app, with createNodeMiddleware() mounted on it " +
  "for the webhooks (expressApp.use(createNodeMiddleware(appFn, { app })); docs/server.md).";

const BODY_PARSERS = /^(json|urlencoded|text|raw)$/;

/**
 * Routes and middleware written for Express on a router of getRouter()'s, a Hono app here (Probot
 * 10–13's was Express's): their handlers get Hono's `(c, next)` and fail at run time. Each is
 * reported with its Hono form; a handler that only sends a string is rewritten, `(c) => c.html(s)`
 * (Express sends a string as text/html), which the check of the rewrite proves.
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
        reportMiddleware(registration, handler, node, module, code, log);
        continue;
      }
      const shape = expressShape(node);
      if (!shape) continue;
      const literal = node === handler.node ? sentStringOnly(node, code) : undefined;
      if (literal) {
        const hono = honoSend(node, literal, code);
        log.edits.replace(node, hono);
        log.changes.push({ line: lineOf(node), text: `Express handler ${describe(registration)} → ${hono}` });
        continue;
      }
      const name = node === handler.node ? "" : ` (${(handler.node as AnyNode).name as string})`;
      log.problems.push({
        line: lineOf(handler.node as AnyNode),
        message:
          `the handler${name} of ${describe(registration)} on getRouter()'s router ${shape}, as Express's do: ` +
          "the router is a Hono app here, which calls it with (c, next), so it fails at run time",
        hint: `Write it for Hono, returning the answer: ${honoExample(registration, node)}. ${TRANSLATIONS} ${KEEP_EXPRESS}`,
      });
    }
  }
  return handoffs;
}

const TRANSLATIONS =
  'req.query.q → c.req.query("q"), req.params.id → c.req.param("id"), req.body → await c.req.json() ' +
  "(c.req.parseBody() for forms), res.json(x) → return c.json(x), res.status(201).send(s) → return c.text(s, 201), " +
  "res.redirect(url) → return c.redirect(url), res.sendFile(f) → serveStatic; (req, res, next) middleware → " +
  "async (c, next) => { ...; await next(); }.";

function reportMiddleware(
  registration: Registration,
  handler: Path,
  node: AnyNode,
  module: string,
  code: string,
  log: SourceWork,
): void {
  const text = short(code.slice(node.start as number, node.end as number));
  const member = node.callee?.type === "MemberExpression" ? (node.callee.property?.name as string | undefined) : "";
  const router = registration.receiver ?? "router";
  let hint: string;
  if (member === "static" || module === "serve-static") {
    const [folder] = node.arguments as AnyNode[];
    const root = JSON.stringify(literalValue(folder) ?? "public");
    const base = registration.base && registration.base !== "/" ? registration.base.replace(/\/$/, "") : undefined;
    const rewrite = base
      ? `, rewriteRequestPath: (path) => path.replace(/^${base.replace(/[/.*+?^${}()|[\]\\]/g, "\\$&")}/, "")`
      : "";
    hint =
      'Serve the files with Hono\'s serveStatic from "@hono/node-server/serve-static" (npm install @hono/node-server): ' +
      `${router}.use("/*", serveStatic({ root: ${root}${rewrite} })) (root is read from the working directory` +
      `${base ? `; rewriteRequestPath takes off ${base}, the path given to getRouter()` : ""}).`;
  } else if (module === "body-parser" || (module === "express" && BODY_PARSERS.test(member ?? "")))
    hint =
      "Drop it: a Hono handler reads the body when it asks for it, await c.req.json() (c.req.parseBody() for forms, " +
      "await c.req.text(), await c.req.arrayBuffer()).";
  else
    hint =
      "Use Hono's own middleware instead (hono/cors, hono/secure-headers, hono/logger, hono/compress, hono/cookie), " +
      "written async (c, next) => { ...; await next(); }.";
  log.problems.push({
    line: lineOf(handler.node as AnyNode),
    message: `${text} given to ${describe(registration)} on getRouter()'s router is Express middleware (${module}): the router is a Hono app here, which calls it with (c, next)`,
    hint: `${hint} ${KEEP_EXPRESS}`,
  });
}

function describe({ receiver, method, route }: Registration): string {
  return `${receiver ?? ""}.${method}(${route === undefined ? "" : JSON.stringify(route)})`;
}

function honoExample({ receiver, method, route }: Registration, fn: AnyNode): string {
  const target = receiver ?? "router";
  if (method === "use" || method === "param") return `${target}.use(async (c, next) => { ...; await next(); })`;
  return `${target}.${method}(${JSON.stringify(route ?? "/hello-world")}, ${honoAnswer(fn)})`;
}

function short(text: string): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > 50 ? `${line.slice(0, 49)}…` : line;
}

/** What a name given as a handler stands for: a function of the file, or a const's value (`bodyParser.json()`). */
function resolveValue(path: Path): AnyNode | undefined {
  const fn = localFunction(path);
  if (fn) return fn;
  const name = (path.node as AnyNode).name as string;
  const scope = declaringScope(path, name);
  return scope ? valuesDeclaredIn(scope).get(name) : undefined;
}
