import { createAppFunctionArgument, type ArgumentApp, type NodeHandler, type Router } from "./app-function-argument.js";
import type { Hono } from "hono";
import { HonoBase } from "hono/hono-base";
import { TrieRouter } from "hono/router/trie-router";
import { AppError } from "./errors.js";

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

/** Per App, the root of the routers `route()` and `router` give outside a server: routes are kept, never served. */
const unserved = new WeakMap<object, Hono>();

function unservedRouter(app: object): (path?: string) => Router {
  return (path) => {
    let root = unserved.get(app);
    if (root === undefined) unserved.set(app, (root = new HonoBase({ router: new TrieRouter() })));
    return (path ? root.basePath(path) : root) as Router;
  };
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
