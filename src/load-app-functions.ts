import { createAppFunctionArgument, type ArgumentApp, type Router } from "./app-function-argument.js";
import { AppError } from "./errors.js";

/**
 * Calls each application function with the App, in order: the first at
 * once, as Probot does, so `app.load(fn)` without await has registered
 * fn's handlers.
 */
export async function loadAppFunctions(
  app: ArgumentApp,
  appFns: readonly unknown[],
  getRouter: ((path?: string) => Router) | undefined,
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
    const argument = createAppFunctionArgument(app, getRouter ?? routerUnavailable);
    const cwd = process.cwd();
    const options = getRouter ? { app: argument, getRouter, cwd } : { app: argument, cwd };
    await (fn as (argument: unknown, options: unknown) => unknown)(argument, options);
  }
}

function routerUnavailable(): never {
  throw new AppError("APP_FUNCTION_INVALID", "getRouter() is only available when the app runs in a server.", {
    hint: "Start the app with `app run`, createServer() or createNodeMiddleware() to mount routes.",
  });
}
