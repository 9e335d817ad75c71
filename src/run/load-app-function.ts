import { pathToFileURL } from "node:url";
import { AppError } from "../errors.js";
import { addAppFile } from "../helpers/app-folders.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import type { Resolver } from "./resolve-app-function.js";
import { resolveAppFunction } from "./resolve-app-function.js";

export type LoadAppFunctionOptions = {
  basedir: string;
  resolver?: Resolver | undefined;
};

export async function loadAppFunction(
  appFnId: string,
  { basedir, resolver = resolveAppFunction }: LoadAppFunctionOptions,
): Promise<ApplicationFunction | DeprecatedApplicationFunction> {
  const file = resolver(appFnId, { basedir });
  addAppFile(file);
  let module: unknown;
  try {
    // A .ts app runs through the project's tsx when it has one; Node alone refuses it.
    // Both helpers load only when needed: `app receive` starts in a tenth of a second.
    if (/\.(c|m)?tsx?$/.test(file)) {
      const { registerTypeScriptLoader } = await import("./register-typescript-loader.js");
      await registerTypeScriptLoader(basedir);
    }
    // Loaded at run time from the app's folder: a bundler (webpack, ncc) must leave it as it is.
    module = await import(/* webpackIgnore: true */ pathToFileURL(file).href);
  } catch (error) {
    const { explainLoadError } = await import("./explain-load-error.js");
    const { reason, hint } = explainLoadError(error, file, basedir);
    throw new AppError("APP_FUNCTION_INVALID", `The app "${appFnId}" failed to load: ${reason}`, {
      hint,
      cause: error,
    });
  }
  const appFn = pickFunction(module);
  if (!appFn) {
    throw new AppError("APP_FUNCTION_INVALID", `The app "${appFnId}" (${file}) does not export an app function.`, {
      hint: "Make the app function the module's default export: export default ({ app }) => { ... }.",
    });
  }
  return appFn;
}

/** The app function a module holds: itself, or its default export (also a compiled module's `default.default`). */
export function pickFunction(module: unknown): ApplicationFunction | undefined {
  let candidate = module;
  for (let depth = 0; depth < 3 && candidate; depth++) {
    if (typeof candidate === "function") return candidate as ApplicationFunction;
    candidate = (candidate as { default?: unknown }).default;
  }
  return undefined;
}
