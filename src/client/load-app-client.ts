import { createRequire } from "node:module";
import type { AppClient } from "./app-client.js";

// AppClient is Octokit with seven plugins and the method catalogue: about 60
// modules, the largest part of what `app receive` loads. An App asks for it
// only when it first builds a client, so deliveries whose handlers never call
// the platform, and processes that only deliver such events, never load it.

let loaded: typeof AppClient | undefined;

const require = createRequire(import.meta.url);

/**
 * True where `require()` loads app-client.js as the ES module it is: plain
 * JavaScript on a Node with require(esm) (20.19+, 22.12+). Not under a loader
 * that compiles TypeScript (tsx, ts-node): its require hook would turn the
 * module into CommonJS, whose imports of ESM-only packages fail.
 */
const CAN_REQUIRE =
  process.features.require_module === true && import.meta.url.endsWith(".js") && !(".ts" in require.extensions);

/** Called by app-client.ts as it is evaluated, however it was loaded. */
export function registerAppClient(Client: typeof AppClient): void {
  loaded ??= Client;
}

/**
 * The `AppClient` class, loaded now if nothing has loaded it yet. Where it
 * cannot be loaded synchronously, `preloadAppClient()` must have run first.
 *
 * @example
 * const client = new (loadAppClient())({ auth: { type: "token", token } });
 */
export function loadAppClient(): typeof AppClient {
  if (!loaded && CAN_REQUIRE) require("./app-client.js");
  if (!loaded) {
    throw new Error(
      "AppClient is not loaded, and this runtime cannot load it synchronously: import it from gh-app-kit, or await preloadAppClient(), before building a client.",
    );
  }
  return loaded;
}

/**
 * True when `loadAppClient()` works now: the class is loaded, or it can be
 * loaded synchronously.
 *
 * @example
 * if (!isAppClientReady()) await preloadAppClient();
 */
export function isAppClientReady(): boolean {
  return loaded !== undefined || CAN_REQUIRE;
}

/**
 * Loads `AppClient` now where `loadAppClient()` could not later (older Node,
 * TypeScript loaders); elsewhere it stays unloaded until first used.
 *
 * @example
 * await preloadAppClient(); // before handlers can build clients
 */
export async function preloadAppClient(): Promise<void> {
  if (!loaded && !CAN_REQUIRE) await import("./app-client.js");
}
