import { AppError } from "../errors.js";
import type { AppClient } from "./app-client.js";

let loaded: typeof AppClient | undefined;
let loading: Promise<void> | undefined;

/**
 * The REST client class on Cloudflare Workers, once loaded. A Worker pays at
 * each cold start for every module its bundle evaluates as it loads, and the
 * client (Octokit, its plugins, the REST method tables, Bottleneck) was the
 * bulk of it: it loads with the first delivery a handler takes instead (or
 * the first `await app.auth()`), so one no handler takes is answered without it.
 */
export function appClientNow(): typeof AppClient {
  if (loaded) return loaded;
  throw new AppError("CLIENT_NOT_LOADED", "On Cloudflare Workers the REST client is not loaded yet.", {
    hint: "It loads with the first delivery a handler takes; before that, get a client with `await app.auth()`.",
  });
}

/** Resolves once `appClientNow()` has the class; undefined when it has it already. */
export function loadAppClient(): Promise<void> | undefined {
  if (loaded) return undefined;
  loading ??= import("./app-client.js").then(
    (module) => {
      loaded = module.AppClient;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
