import type { App } from "./app.js";
import type { AppFunctionOptionsOf } from "./app-function-argument.js";

/** What an application function is given: `{ app, getRouter }`. */
export type ApplicationFunctionOptions = AppFunctionOptionsOf<App>;

/** An app: registers handlers on `app`; may mount routes with `getRouter`. */
export type ApplicationFunction = (options: ApplicationFunctionOptions) => void | Promise<void>;

/** What the earlier shape of an application function is given: the app. */
export type Application = App;

/**
 * The earlier shape: `(app) => { app.on(...) }`, or Probot's `(app, { getRouter })`. Still accepted.
 * The second argument is Probot's: `{ app, cwd, addHandler, getRouter }` in a server, and without `getRouter`
 * outside one, so a `typeof getRouter === "function"` guard works as it did there (`cwd` and Probot 14's
 * `addHandler` are not in its type).
 */
export type DeprecatedApplicationFunction = (
  app: Application,
  options: ApplicationFunctionOptions,
) => void | Promise<void>;
