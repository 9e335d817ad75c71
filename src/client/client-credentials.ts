import type { Logger } from "../log/get-log.js";
import type { ConfigCache } from "../config/config-cache.js";
import type { AppClient } from "./app-client.js";
import type { TokenCache, TokenStore } from "./auth/token-store.js";

/** An App's `state` is one; asking for no more keeps the client independent of the App. */
export type ClientCredentials = {
  Client: typeof AppClient;
  appId?: number | undefined;
  /** Earlier name of `appId`. */
  id?: number | undefined;
  privateKey?: string | undefined;
  platformToken?: string | undefined;
  baseUrl?: string | undefined;
  /** Installation tokens by installation id, for a token store made here. */
  cache?: TokenCache | undefined;
  log: Logger;
  /** The app's token store, when it has app credentials. */
  tokens?: TokenStore | undefined;
  configCache?: ConfigCache | undefined;
};
