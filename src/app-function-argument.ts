import { markDeprecated, warnOnce, type DeprecatedKey } from "./deprecations.js";
import { bindMethod } from "./helpers/bind-method.js";
import type { App } from "./app.js";
import type { ApplicationFunctionOptions, Router } from "./types.js";

/** The argument an application function receives: both shapes in one object. */
export type AppFunctionArgument = ApplicationFunctionOptions & Pick<App, "auth" | "load" | "log" | "on" | "receive"> & {
  /** @deprecated Use `getRouter(path)`. */
  route: (path?: string) => Router;
  /** @deprecated Use `getRouter()`. */
  router: Router;
};

/**
 * Builds `{ app, getRouter }` plus the seven deprecated keys as getters, so an
 * earlier-shape `(app) => app.on(...)` keeps working. The first use of a
 * deprecated key emits one DeprecationWarning for the whole process.
 */
export function createAppFunctionArgument(
  app: App,
  getRouter: (path?: string) => Router,
): AppFunctionArgument {
  const argument = { app, getRouter } as AppFunctionArgument;
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
