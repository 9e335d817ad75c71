import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

// A few parts load on first use (the REST client, the Redis sharing): most
// processes, such as `app receive` in an Actions job, never need them, and each
// is many modules. They load synchronously with require() (an ES module, Node
// 20.19+), which returns the same module instance an import would. Under a
// loader that compiles TypeScript to CommonJS (tsx running the sources, as the
// tests do) require() cannot load them: there, importing them first leaves
// their exports here, where loadModule() finds them.

const REGISTRY = Symbol.for("gh-app-kit modules loaded on first use");
const require = createRequire(import.meta.url);

function registry(): Map<string, object> {
  const global = globalThis as Record<symbol, Map<string, object> | undefined>;
  return (global[REGISTRY] ??= new Map());
}

/** A module's URL without its extension: the same for its .ts source and its .js build. */
function keyOf(url: string): string {
  return url.replace(/\.[cm]?[jt]s$/, "");
}

/** Called as the module is evaluated, so `loadModule()` finds it however it was loaded. */
export function registerModule(url: string, exports: object): void {
  if (!registry().has(keyOf(url))) registry().set(keyOf(url), exports);
}

export function loadModule<T extends object>(url: URL): T {
  const registered = registry().get(keyOf(url.href));
  if (registered) return registered as T;
  try {
    return require(fileURLToPath(url)) as T;
  } catch (error) {
    throw new Error(
      `${url.pathname.split("/").slice(-2).join("/")} could not be loaded on first use in this process ` +
        "(a loader compiling TypeScript to CommonJS?): import it before it is needed.",
      { cause: error },
    );
  }
}
