import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

let registered: Promise<boolean> | undefined;

/** The project's own tsx, only for a `.ts` app: plain JavaScript apps never load it. */
export function registerTypeScriptLoader(basedir: string): Promise<boolean> {
  return (registered ??= register(basedir));
}

async function register(basedir: string): Promise<boolean> {
  let api: string;
  try {
    // The ESM entry of tsx's API, from its `exports`: `require.resolve` would pick the CommonJS one.
    const manifestPath = createRequire(join(basedir, "package.json")).resolve("tsx/package.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
      exports?: Record<string, { import?: { default?: string } }>;
    };
    const entry = manifest.exports?.["./esm/api"]?.import?.default;
    if (!entry) return false;
    api = join(dirname(manifestPath), entry);
  } catch {
    registered = undefined; // installing tsx later in the same process may work
    return false;
  }
  const { register: registerTsx } = (await import(/* webpackIgnore: true */ pathToFileURL(api).href)) as {
    register: () => unknown;
  };
  registerTsx();
  return true;
}
