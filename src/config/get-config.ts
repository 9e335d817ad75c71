import { AppError } from "../errors.js";
import type { ConfigCache } from "./config-cache.js";
import type { ConfigClient } from "./get-config-file.js";
import { getConfigFiles } from "./get-config-files.js";
import { mergeConfigs } from "./merge-configs.js";
import type { Configuration, GetConfigOptions, GetConfigResult } from "./types.js";
import { validateConfigPath } from "./validate-config-path.js";

/** Merges `defaults`, then the bases (deepest first), then the file. */
export async function getConfig<T extends object = Configuration>(
  client: ConfigClient,
  options: GetConfigOptions<T>,
  cache?: ConfigCache,
): Promise<GetConfigResult<T>> {
  const { owner, repo, defaults, branch, mergeOptions } = options ?? {};
  if (typeof owner !== "string" || owner === "" || typeof repo !== "string" || repo === "") {
    throw new AppError("OPTION_INVALID", "config.get() needs the repository's owner and repo, as non-empty strings.", {
      hint: 'Call it as config.get({ owner: "octo", repo: "hello", path: ".github/my-app.yml" }).',
    });
  }
  const path = validateConfigPath({ owner, repo, path: options.path });
  const files = await getConfigFiles(client, { owner, repo, path, branch }, cache);
  const configs = files.flatMap((file) => (file.config === null ? [] : [file.config])).reverse();
  const config = typeof defaults === "function" ? defaults(configs) : mergeConfigs<T>(defaults, configs, mergeOptions);
  return { config, files };
}
