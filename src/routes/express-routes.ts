import type { Context, Hono, Next } from "hono";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Router } from "../app-function-argument.js";
import { AppError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { scrubSecrets } from "../log/secrets.js";
import { isPlainRoutePath } from "../helpers/route-path.js";
import { expressShape } from "./express-handler.js";

/** Hono's methods that register handlers: `get(path?, ...handlers)`, `on(method, path, ...)`, `use(path?, ...)`. */
const ROUTE_METHODS = ["get", "post", "put", "delete", "options", "patch", "all"] as const;

/**
 * What @hono/node-server's listener reads as "the handler wrote the answer to Node's response
 * itself". Made as the package loads: the listener later puts a class of its own in place of the
 * global `Response`, whose instances it writes out whatever their headers say. Each request gets a
 * clone, of the same native class.
 */
const ALREADY_SENT = new Response(null, { headers: { "x-hono-already-sent": "true" } });

/** The answer that tells @hono/node-server's listener the response was written (or handed on) already. */
export const alreadySent = (): Response => ALREADY_SENT.clone();

type NodeBindings = { incoming: IncomingMessage; outgoing: ServerResponse };
type AnyHandler = (...args: never[]) => unknown;

/**
 * `getRouter(path)`'s router, taking handlers written for Express as Probot's routers did
 * (`router.get("/hello-world", (req, res) => res.send("Hello World"))`, `router.use(express.static("public"))`).
 * It stays Hono's router: a handler of Hono's shape is registered as it is. One of Express's shape
 * (see `expressShape()`) is registered wrapped: on a Node server it runs through Express (the app's
 * own `express`, loaded when the first such request comes) on Node's request and response; on a
 * runtime without them it fails with `ROUTE_HANDLER_EXPRESS`, saying what to write instead.
 */
export function acceptExpressHandlers(router: Hono, base: string, log: Logger): Router {
  const target = router as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ROUTE_METHODS) {
    const register = target[method]!;
    target[method] = (...args: unknown[]) => registerRoute(router, register, args, base, log);
  }
  const on = target.on!;
  target.on = (method: unknown, ...args: unknown[]) =>
    registerRoute(router, (...rest: unknown[]) => on.call(router, method, ...rest), args, base, log);
  const use = target.use!;
  target.use = (...args: unknown[]) => {
    const path = typeof args[0] === "string" ? args[0] : undefined;
    const handlers = path === undefined ? args : args.slice(1);
    if (!handlers.some(isExpress)) return use.apply(router, args);
    // Express's `use(path, ...)` is a prefix; Hono's `use(path)` matches that path alone, `path/*` beneath it.
    const run: ExpressRun = { kind: "use", base, path: path ?? "/" };
    const wrapped = handlers.map((handler) => wrapIfExpress(handler, log, run));
    if (path === undefined) return use.apply(router, wrapped);
    if (!isPlainRoutePath(path)) return use.call(router, "*", ...wrapped);
    use.call(router, path, ...wrapped);
    return use.call(router, joinPath(path, "*"), ...wrapped);
  };
  return router as Router;
}

type ExpressRun = {
  kind: "route" | "use";
  /** The path given to getRouter(). */
  base: string;
  /** The path given with the handler, as written (a string or a RegExp); undefined: the route Hono matched. */
  path: string | RegExp | undefined;
};

/**
 * `router.get(path?, ...handlers)`: a path Express reads otherwise than Hono (`/healthcheck(.html)?`,
 * a RegExp) is registered with Hono as `*`, and Express matches it (a request it does not match goes on).
 */
function registerRoute(
  router: Hono,
  register: (...args: unknown[]) => unknown,
  args: unknown[],
  base: string,
  log: Logger,
): unknown {
  const [first] = args;
  const path = typeof first === "string" || first instanceof RegExp ? first : undefined;
  const handlers = path === undefined ? args : args.slice(1);
  if (!handlers.some(isExpress)) return register.apply(router, args);
  const wrapped = handlers.map((handler) => wrapIfExpress(handler, log, { kind: "route", base, path }));
  if (path === undefined) return register.apply(router, wrapped);
  if (typeof path !== "string" || !isPlainRoutePath(path)) return register.call(router, "*", ...wrapped);
  const registered = register.call(router, path, ...wrapped);
  // Express's routing is not strict: `/about` answers `/about/` too, and `/` under getRouter("/docs") `/docs/`.
  const other = slashVariant(path, base);
  return other === undefined ? registered : register.call(router, other, ...wrapped);
}

/**
 * The path with its trailing slash, or without it, as Hono merges it with the router's base path
 * (`""` under `/docs` is `/docs/`); none for `/` at the root.
 */
function slashVariant(path: string, base: string): string | undefined {
  if (path === "/" || path === "") return /^\/*$/.test(base) ? undefined : path === "/" ? "" : "/";
  return path.endsWith("/") ? path.replace(/\/+$/, "") : `${path}/`;
}

function isExpress(handler: unknown): boolean {
  return typeof handler === "function" && expressShape(handler) !== undefined;
}

function wrapIfExpress(handler: unknown, log: Logger, run: ExpressRun): unknown {
  const shape = typeof handler === "function" ? expressShape(handler) : undefined;
  if (!shape) return handler;
  const express = handler as AnyHandler;
  let told = false;
  const bridged = async (c: Context, next: Next): Promise<Response | void> => {
    const bindings = nodeBindings(c);
    if (!bindings) {
      if (run.kind === "route" && (run.path === undefined || isPlainRoutePath(String(run.path))))
        throw notOnNode(`The handler of ${c.req.method} ${c.req.routePath}`, express, shape);
      // Middleware (express.static, a body parser), and a route whose path only Express can match, are
      // passed over, so the routes beneath them still answer; each is logged once.
      if (!told) {
        told = true;
        const what = run.kind === "use" ? "The middleware on" : `The handler of ${c.req.method}`;
        const error = notOnNode(`${what} ${joinPath(run.base, String(run.path))}`, express, shape);
        log.error({ err: error, code: error.code }, scrubSecrets(`${error.message} It is passed over. ${error.hint}`));
      }
      await next();
      return;
    }
    const { runExpressHandler } = await import("#express-bridge");
    const outcome = await runExpressHandler(express, {
      kind: run.kind,
      base: run.path === undefined ? "/" : run.base,
      path: run.path ?? c.req.routePath,
      ...bindings,
    });
    if (outcome === "answered") return alreadySent();
    await next();
  };
  // Error lines name the app's own handler, not this wrapper.
  return Object.defineProperty(bridged, "name", { value: express.name || "bound express handler" });
}

function nodeBindings(c: Context): NodeBindings | undefined {
  const env = c.env as Partial<NodeBindings> | undefined;
  const { incoming, outgoing } = env ?? {};
  return incoming && outgoing && typeof outgoing.writeHead === "function" ? { incoming, outgoing } : undefined;
}

function notOnNode(what: string, handler: AnyHandler, shape: string): AppError {
  const named = handler.name ? ` (${handler.name})` : "";
  return new AppError(
    "ROUTE_HANDLER_EXPRESS",
    `${what}${named} is an Express handler (it ${shape}): it runs on a Node server ` +
      "(app run, createServer, createNodeMiddleware), where Express has Node's request and response, and not here.",
    {
      hint:
        'Write it for Hono, which runs everywhere: router.get("/hello-world", (c) => c.text("Hello World")), returning the ' +
        'answer (c.json(x), c.html(s), c.redirect(url)) and reading c.req.query("q"), c.req.param("id"), await c.req.json().',
    },
  );
}

function joinPath(base: string, path: string): string {
  const joined = `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  return joined.length > 1 ? joined.replace(/\/+$/, "") : "/";
}
