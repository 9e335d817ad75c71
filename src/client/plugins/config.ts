import type { Octokit, OctokitOptions } from "@octokit/core";
import { createConfigCache, type ConfigCache } from "../../config/config-cache.js";
import { getConfig } from "../../config/get-config.js";
import type { Configuration, GetConfigOptions, GetConfigResult } from "../../config/types.js";
import { VERSION } from "../../version.js";

/** What the config plugin adds to a client. */
export type ConfigApi = {
  config: {
    /**
     * Reads a YAML or JSON file from a repository (or, when it is missing, the
     * same path in the owner's `.github` repository), follows `_extends` and
     * deep-merges `defaults`, the bases and the file.
     */
    get<T extends object = Configuration>(options: GetConfigOptions<T>): Promise<GetConfigResult<T>>;
  };
};

/** The plugin's client options, under `config`. */
export type ConfigPluginOptions = {
  /** Shared ETag cache; an app passes its own so all its clients share it. */
  cache?: ConfigCache | undefined;
};

declare module "@octokit/core" {
  interface OctokitOptions {
    config?: ConfigPluginOptions | undefined;
  }
}

/**
 * Adds `client.config.get()`. Reads go through the client, so they are
 * authenticated, throttled and retried like any other request; files read
 * before are revalidated with their ETag (a 304 costs no rate limit).
 *
 * @example
 * const Client = Octokit.plugin(config);
 * const { config: settings } = await new Client().config.get({ owner: "octo", repo: "hello", path: ".github/app.yml" });
 */
export function config(client: Octokit, options: OctokitOptions = {}): ConfigApi {
  const cache = options.config?.cache ?? createConfigCache({ max: 100 });
  return {
    config: {
      get: <T extends object = Configuration>(getOptions: GetConfigOptions<T>) => getConfig<T>(client, getOptions, cache),
    },
  };
}
config.VERSION = VERSION;
