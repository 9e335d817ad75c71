import { markDeprecated, warnOnce, type DeprecatedKey } from "./deprecations.js";
import { bindMethod } from "./helpers/bind-method.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Hono } from "hono";

/**
 * A handler or middleware written for Express, as Probot 7 to 13's routers took them
 * (`(req, res) => res.send("ok")`, `express.static("public")`, an Express `Router`): on a Node
 * server it runs through the app's own `express` (docs/server.md).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Express's own types are the app's, if any
export type ExpressHandler = (req: any, res: any, next: any) => unknown;

type ExpressRoutes = {
  [Method in "get" | "post" | "put" | "delete" | "options" | "patch" | "all"]: (
    path: string | RegExp,
    ...handlers: ExpressHandler[]
  ) => Router;
} & {
  use(...handlers: ExpressHandler[]): Router;
  use(path: string, ...handlers: ExpressHandler[]): Router;
};

/**
 * The HTTP router an app mounts its own routes on: a Hono app, whose handlers take Hono's context;
 * handlers written for Express are taken too (typed after Hono's).
 */
export type Router = Hono & ExpressRoutes;

/**
 * A handler of Probot 14's `addHandler`: it answers the requests it takes on Node's `response`
 * and returns true (or a promise of it); anything else passes the request on.
 */
export type NodeHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

/** Generic in `A` so this file needs nothing from `app.ts`, which imports it (no circle). */
export type AppFunctionOptionsOf<A> = {
  app: A;
  /** A router mounted at `path` (or at the root) for the app's own routes. */
  getRouter: (path?: string) => Router;
};

/** The members of the app that the earlier shape's argument also carries. */
export type ArgumentApp = { auth: unknown; load: unknown; log: unknown; on: unknown; receive: unknown };

/** The argument an application function receives: both shapes in one object, the App in every member. */
export type AppFunctionArgument<A extends ArgumentApp> = AppFunctionOptionsOf<A> &
  Omit<A, "app" | "getRouter"> & {
    /** @deprecated Use `getRouter(path)`. */
    route: (path?: string) => Router;
    /** @deprecated Use `getRouter()`. */
    router: Router;
  };

/**
 * `{ app, getRouter }`, which is also the App for an earlier-shape
 * `(app, { getRouter }) => …`: the seven deprecated keys are getters that
 * warn once per process, and every other member of the App (`onAny`,
 * `onError`, `webhooks`, `state`, `version`, …) is the App's own, its
 * methods bound to it.
 */
export function createAppFunctionArgument<A extends ArgumentApp>(
  app: A,
  getRouter: (path?: string) => Router,
  /** What the deprecated `route()` and `router` give: by default `getRouter`. */
  earlierRouter: (path?: string) => Router = getRouter,
): AppFunctionArgument<A> {
  // The App's prototype, so that `instanceof App` holds as the earlier shape's types say.
  const argument = Object.create(Object.getPrototypeOf(app) as object | null, {
    app: { value: app, enumerable: true, writable: true, configurable: true },
    getRouter: { value: getRouter, enumerable: true, writable: true, configurable: true },
  }) as AppFunctionArgument<A>;
  const members: Record<DeprecatedKey, () => unknown> = {
    auth: () => bindMethod(app, "auth"),
    load: () => bindMethod(app, "load"),
    log: () => app.log,
    on: () => bindMethod(app, "on"),
    receive: () => bindMethod(app, "receive"),
    route: () => earlierRouter,
    router: () => earlierRouter(),
  };
  for (const [key, get] of Object.entries(members)) {
    Object.defineProperty(argument, key, {
      enumerable: false,
      configurable: true,
      get() {
        warnOnce(
          "app-function-argument",
          `An application function used "${key}" of its argument, which is deprecated. ` +
            `Take the app from the argument instead: ({ app, getRouter }) => { app.on(...) }.`,
        );
        markDeprecated();
        return get();
      },
    });
  }
  // Any other member is read from the App itself (its private fields need it as `this`).
  const bound = new WeakMap<Function, Function>();
  return new Proxy(argument, {
    get(target, key, receiver) {
      if (Object.hasOwn(target, key)) return Reflect.get(target, key, receiver);
      const value: unknown = Reflect.get(app, key, app);
      if (typeof value !== "function" || key === "constructor") return value;
      let method = bound.get(value);
      if (method === undefined) bound.set(value, (method = value.bind(app) as Function));
      return method;
    },
    set: (target, key, value) =>
      Object.hasOwn(target, key) ? Reflect.set(target, key, value) : Reflect.set(app, key, value, app),
    has: (target, key) => Object.hasOwn(target, key) || Reflect.has(app, key),
  });
}
