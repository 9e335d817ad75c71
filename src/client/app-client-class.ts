import { loadModule } from "../helpers/lazy-module.js";
import type { AppClient } from "./app-client.js";

// AppClient is Octokit with seven plugins and the method catalogue: about 60
// modules, the largest part of what `app receive` would load. An App asks for
// the class only when it first builds a client, so deliveries whose handlers
// never call the platform never load it. app-client.ts does not load this
// module: there is no loop between them.

export function appClientClass(): typeof AppClient {
  return loadModule<{ AppClient: typeof AppClient }>(new URL("./app-client.js", import.meta.url)).AppClient;
}
