import { markDeprecated, warnOnce, type DeprecatedKey } from "./deprecations.js";
import { bindMethod } from "./helpers/bind-method.js";
import type { Hono } from "hono";

/** The HTTP router an app mounts its own routes on (a Hono app). */
export type Router = Hono;

/** Generic in `A` so this file needs nothing from `app.ts`, which imports it (no circle). */
export type AppFunctionOptionsOf<A> = {
  app: A;
  /** A router mounted at `path` (or at the root) for the app's own routes. */
  getRouter: (path?: string) => Router;
};

/** The members of the app that the earlier shape's argument also carries. */
type ArgumentApp = { auth: unknown; load: unknown; log: unknown; on: unknown; receive: unknown };

/** The argument an application function receives: both shapes in one object. */
export type AppFunctionArgument<A extends ArgumentApp> = AppFunctionOptionsOf<A> &
  Pick<A, "auth" | "load" | "log" | "on" | "receive"> & {
    /** @deprecated Use `getRouter(path)`. */
    route: (path?: string) => Router;
    /** @deprecated Use `getRouter()`. */
    router: Router;
  };

/** The deprecated keys are getters so an earlier-shape `(app) => app.on(...)` keeps working. */
export function createAppFunctionArgument<A extends ArgumentApp>(
  app: A,
  getRouter: (path?: string) => Router,
): AppFunctionArgument<A> {
  const argument = { app, getRouter } as AppFunctionArgument<A>;
  const members: Record<DeprecatedKey, () => unknown> = {
    auth: () => bindMethod(app, "auth"),
    load: () => bindMethod(app, "load"),
    log: () => app.log,
    on: () => bindMethod(app, "on"),
    receive: () => bindMethod(app, "receive"),
    route: () => getRouter,
    router: () => getRouter(),
  };
  for (const [key, get] of Object.entries(members)) {
    Object.defineProperty(argument, key, {
      enumerable: false,
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
  return argument;
}
