import { AppError } from "../errors.js";

/**
 * The first argument of `createWebHandler` and `createLambdaHandler` is an app function or an App. Anything
 * else (a module object, the `{}` that `require()` gives of a file still loading) is named as it is: read
 * as an App, it was refused as a missing "app" option, which was given.
 */
export function requireAppArgument(appOrFn: unknown, caller: string): void {
  if (typeof appOrFn === "function" || isApp(appOrFn)) return;
  const defaultExport =
    typeof appOrFn === "object" && appOrFn !== null && typeof (appOrFn as { default?: unknown }).default === "function";
  const got = defaultExport ? "a module object" : describe(appOrFn);
  throw new AppError(
    "APP_FUNCTION_INVALID",
    `${caller} takes an app function (or an App) as its first argument, got ${got}.`,
    {
      // No import or require call written out here: the package's bundle checks read its strings as code.
      hint: defaultExport
        ? "Pass its default export: the module's `default` (in CommonJS, the `.default` of what requiring the file gives)."
        : `Pass the app function, its module's default export: ${caller}(appFn, { app: createApp() }). ` +
          'An empty object is what requiring a file still loading gives (the package\'s main file requiring "./"): ' +
          "load the app's own file instead.",
    },
  );
}

function isApp(value: unknown): boolean {
  return typeof value === "object" && value !== null && "webhooks" in value && "state" in value;
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== "object") return `a ${typeof value}`;
  return Object.keys(value).length === 0 ? "an empty object" : "an object";
}
