import { AppClient } from "./app-client.js";

/**
 * The REST client class. Here (Node, Deno, Bun) it loads with the package;
 * under `workerd` package.json's `#app-client` gives `load-app-client-workerd.ts`,
 * which loads it with the first delivery a handler takes.
 */
export function appClientNow(): typeof AppClient {
  return AppClient;
}

/** Resolves once `appClientNow()` has the class; undefined when it has it already. */
export function loadAppClient(): Promise<void> | undefined {
  return undefined;
}
