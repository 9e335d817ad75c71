import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, resolve } from "node:path";
import { AppError } from "../errors.js";

/** Resolves an app function id (a path or package name) to a file. */
export type Resolver = (appFnId: string, options: { basedir: string }) => string;

export const resolveAppFunction: Resolver = (appFnId, { basedir }) => {
  if (looksLikePath(appFnId)) {
    const file = resolve(basedir, appFnId);
    if (existsSync(file)) return file;
    throw notFound(appFnId, basedir);
  }
  try {
    return createRequire(join(basedir, "package.json")).resolve(appFnId);
  } catch (error) {
    const entry = esmEntry(appFnId, basedir);
    if (entry) return entry;
    throw notFound(appFnId, basedir, error);
  }
};

function looksLikePath(id: string): boolean {
  return id.startsWith(".") || isAbsolute(id) || /\.(c|m)?[jt]sx?$/.test(id);
}

/** A package whose `exports` only has an `import` condition, which `require.resolve` refuses. */
function esmEntry(name: string, basedir: string): string | undefined {
  const folder = join(basedir, "node_modules", name);
  const manifestPath = join(folder, "package.json");
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
    exports?: unknown;
    main?: string;
  };
  const target = pickExport(manifest.exports) ?? manifest.main ?? "index.js";
  const file = resolve(folder, target);
  return existsSync(file) ? file : undefined;
}

function pickExport(exports: unknown): string | undefined {
  if (typeof exports === "string") return exports;
  if (exports === null || typeof exports !== "object") return undefined;
  const record = exports as Record<string, unknown>;
  const root = "." in record ? record["."] : record;
  if (typeof root === "string") return root;
  if (root === null || typeof root !== "object") return undefined;
  for (const condition of ["import", "node", "default"]) {
    const value = pickExport((root as Record<string, unknown>)[condition]);
    if (value) return value;
  }
  return undefined;
}

function notFound(appFnId: string, basedir: string, cause?: unknown): AppError {
  return new AppError("APP_FUNCTION_NOT_FOUND", `Cannot find the app "${appFnId}" from ${basedir}.`, {
    hint: "Give a path to the app's file (e.g. ./index.js) or the name of a package installed in this folder.",
    cause,
  });
}
