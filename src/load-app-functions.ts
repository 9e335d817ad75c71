import { createAppFunctionArgument, type ArgumentApp, type NodeHandler, type Router } from "./app-function-argument.js";
import type { Hono } from "hono";
import { AppError } from "./errors.js";
import { getLog, type Logger } from "./log/get-log.js";
import { createBaseRouter } from "./routes/create-base-router.js";
import { acceptExpressHandlers, alreadySent } from "./routes/express-routes.js";

/**
 * Calls each application function with the App, in order: the first at
 * once, as Probot does, so `app.load(fn)` without await has registered
 * fn's handlers.
 */
export async function loadAppFunctions(
  app: ArgumentApp,
  appFns: readonly unknown[],
  getRouter: ((path?: string) => Hono) | undefined,
  /** Probot 14's: where a Node server serves the app (createNodeMiddleware, createServer). */
  addHandler: ((handler: NodeHandler) => void) | undefined = undefined,
): Promise<void> {
  for (const fn of appFns) {
    if (typeof fn !== "function") {
      throw new AppError("APP_FUNCTION_INVALID", `An application function must be a function, got ${typeof fn}.`, {
        hint: "Export the app as the module's default export: export default (({ app }) => { ... }).",
      });
    }
    // Probot calls appFn(app, options): apps written as (app, { getRouter }) => ... destructure the
    // second, and guard with `typeof getRouter === "function"`, so outside a server it has no
    // getRouter, as Probot's. The first argument's getRouter (the spec's) throws a clear error there.
    // Probot 7 to 9's application always had a router (robot.route(), robot.router), also in tests that
    // never serve it: outside a server those two give one that is not served.
    // A server's routers take Express's handlers too (express-routes.ts); a loader's own Hono router is typed so.
    const served = getRouter as ((path?: string) => Router) | undefined;
    const earlier = served ?? unservedRouter(app);
    earlierRouters.set(app, earlier);
    const argument = createAppFunctionArgument(app, served ?? routerUnavailable, earlier);
    // Probot 14's addHandler is always there, and throws when called outside a Node server, as there.
    const base = { app: argument, cwd: process.cwd(), addHandler: addHandler ?? handlersUnavailable };
    const options = served ? { ...base, getRouter: served } : base;
    await (fn as (argument: unknown, options: unknown) => unknown)(argument, options);
  }
}

/** Per App, what the deprecated `route()` and `router` give: the last server's getRouter, else an unserved router. */
const earlierRouters = new WeakMap<object, (path?: string) => Router>();

/**
 * Probot 7 to 10's `app.route(path)` and `app.router` on the App itself (`(robot: Application) =>
 * robot.route("/x")`, a typed app function): the router of the server that loaded it last, as the
 * argument's; before any load, one that is not served.
 */
export function earlierRouter(app: object, path?: string): Router {
  const get = earlierRouters.get(app) ?? unservedRouter(app);
  return get(path);
}

/** Per App, the root of the routers `route()` and `router` give outside a server: routes are kept, not served by it. */
const unserved = new WeakMap<object, MountableRouter>();

function unservedRouter(app: object): (path?: string) => Router {
  const log = (app as { log?: Logger }).log ?? getLog();
  return (path) => {
    let root = unserved.get(app);
    if (root === undefined) unserved.set(app, (root = mountableRouter(log)));
    // Express handlers are taken, as on a server's routers: they run once the root is mounted in an Express app.
    return path ? acceptExpressHandlers(root.basePath(path), path, log) : root;
  };
}

/** The root outside a server: Hono's router, and Express middleware too. */
type MountableRouter = Router & ((request: object, response: object, next?: (error?: unknown) => void) => void);

/** Express's `next` of each request a mounted root is serving, for its not-found handler. */
const expressNext = new WeakMap<object, (error?: unknown) => void>();

/**
 * Probot 7 to 10's `app.router` was an Express router, and apps' tests mounted it on an Express app of
 * their own (`expressApp.use(robot.router)`, then supertest). The root outside a server is Hono's router and,
 * called as Express middleware `(req, res, next)`, serves its routes on Node's request and response (through
 * "#express-bridge"); a request none of them answers goes to `next`.
 */
function mountableRouter(log: Logger): MountableRouter {
  // A request none of the routes answers goes on to the Express app's next middleware, when one is serving.
  const handOn = (c: { env?: { incoming?: object } }): Response | undefined => {
    const incoming = c.env?.incoming;
    const next = incoming ? expressNext.get(incoming) : undefined;
    if (next === undefined) return undefined;
    expressNext.delete(incoming!);
    next();
    return alreadySent();
  };
  const root = acceptExpressHandlers(createBaseRouter(log, handOn), "/", log);
  const serve = function router(request: object, response: object, next?: (error?: unknown) => void): void {
    if (typeof next === "function") expressNext.set(request, next);
    import("#express-bridge")
      .then(({ serveRouter }) => serveRouter(root, request as never, response as never))
      .catch((error: unknown) => (next ? next(error) : log.error({ err: error }, "The app's router failed.")));
  };
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(serve, {
    get(target, property) {
      // Express reads `length` (an error handler has four parameters), and calls it.
      if (property === "length" || property === "name" || property === "call" || property === "apply") {
        return Reflect.get(target, property, target);
      }
      const value: unknown = Reflect.get(root, property, root);
      if (typeof value !== "function") return value;
      if (!bound.has(property)) bound.set(property, (value as (...args: unknown[]) => unknown).bind(root));
      return bound.get(property);
    },
    set: (_target, property, value) => Reflect.set(root, property, value, root),
    has: (_target, property) => Reflect.has(root, property),
  }) as unknown as MountableRouter;
}

function routerUnavailable(): never {
  throw new AppError("APP_FUNCTION_INVALID", "getRouter() is only available when the app runs in a server.", {
    hint: "Start the app with `app run`, createServer() or createNodeMiddleware() to mount routes.",
  });
}

function handlersUnavailable(): never {
  throw new AppError("APP_FUNCTION_INVALID", "addHandler() is only available when the app runs in a Node server.", {
    hint:
      "Start the app with `app run`, createServer() or createNodeMiddleware(), which serve the handlers it adds; " +
      "elsewhere (createWebHandler, a Lambda) mount routes with getRouter().",
  });
}
