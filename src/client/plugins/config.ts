import type { Octokit, OctokitOptions } from "@octokit/core";
import type { EndpointInterface } from "@octokit/types";
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
    get: (<T extends object = Configuration>(options: GetConfigOptions<T>) => Promise<GetConfigResult<T>>) & {
      /** The contents request a file is read with: `GET /repos/{owner}/{repo}/contents/{path}`. */
      endpoint: EndpointInterface<{ method: "GET"; url: "/repos/{owner}/{repo}/contents/{path}" }>;
      /** A `get` with these options preset (later options win). */
      defaults(options: Partial<GetConfigOptions<object>>): ConfigApi["config"]["get"];
    };
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
 */
export function config(client: Octokit, options: OctokitOptions = {}): ConfigApi {
  const cache = options.config?.cache ?? createConfigCache({ max: 100 });
  return { config: { get: createGet(client, cache, {}) } };
}

type Get = ConfigApi["config"]["get"];

/** Shaped like every other client method (`endpoint`, `defaults`): the catalogue lists it among them. */
function createGet(client: Octokit, cache: ConfigCache, presets: Partial<GetConfigOptions<object>>): Get {
  const get = (<T extends object = Configuration>(getOptions: GetConfigOptions<T>) =>
    getConfig<T>(client, { ...presets, ...getOptions } as GetConfigOptions<T>, cache)) as Get;
  return Object.assign(get, {
    endpoint: client.request.endpoint.defaults({
      method: "GET",
      url: "/repos/{owner}/{repo}/contents/{path}",
    } as const),
    defaults: (more: Partial<GetConfigOptions<object>>) => createGet(client, cache, { ...presets, ...more }),
  });
}
config.VERSION = VERSION;
