import { createRequire } from "node:module";
import type { AppClient } from "./app-client.js";
import { APP_CLIENT_KEY } from "./app-client-key.js";

// AppClient is Octokit with seven plugins and the method catalogue: about 60
// modules, the largest part of what `app receive` would load. An App asks for
// the class only when it first builds a client, so deliveries whose handlers
// never call the platform never load it. This module loads app-client.js at
// run time with require() (an ES module, Node 20.19+); app-client.js does not
// import this one, so there is no loop between them.

const require = createRequire(import.meta.url);


/**
 * The `AppClient` class: the one already evaluated (by an import of the
 * package, or an earlier call), else loaded now.
 *
 * @example
 * const client = new (appClientClass())({ auth: "token" });
 */
export function appClientClass(): typeof AppClient {
  const evaluated = (globalThis as Record<symbol, typeof AppClient | undefined>)[APP_CLIENT_KEY];
  if (evaluated) return evaluated;
  try {
    return (require("./app-client.js") as { AppClient: typeof AppClient }).AppClient;
  } catch (error) {
    // Under a loader that compiles TypeScript to CommonJS (tsx, ts-node running
    // this package's sources), require() cannot load its ES-only dependencies.
    throw new Error(
      "AppClient could not be loaded on first use here: import { AppClient } from \"gh-app-kit\" (or pass the Client option) before building a client.",
      { cause: error },
    );
  }
}
