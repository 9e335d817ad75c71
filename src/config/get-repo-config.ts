import { isReplacedMethod } from "../client/catalogue/create-catalogue-group.js";
import { configOfDouble } from "./client-double-reader.js";
import type { ConfigClient } from "./get-config-file.js";
import type { Configuration, GetConfigOptions, GetConfigResult, MergeOptions } from "./types.js";
import { joinConfigPath } from "./validate-config-path.js";

/** A client with the config plugin: what `context.config()` reads through. */
export type ConfigReader = ConfigClient & {
  config: { get<T extends object>(options: GetConfigOptions<T>): Promise<GetConfigResult<T>> };
};

export async function getRepoConfig<T extends object = Configuration>(
  client: ConfigReader,
  { owner, repo }: { owner: string; repo: string },
  fileName: string,
  defaults?: T,
  mergeOptions?: MergeOptions,
): Promise<T | null> {
  const path = joinConfigPath(fileName, { owner, repo });
  // A test's client double of Probot 9 or 10 has no config plugin: read with what it has. A Probot
  // 9 test's real client whose repos.getContents it replaced: through that, as Probot 9 read.
  const plugin = typeof client.config?.get === "function" && !replacedGetContents(client);
  const reader = plugin ? client.config : configOfDouble(client);
  // Probot's keys only (a double comparing them, as merge-me's replaying one, saw an extra key): the merge options when given.
  const options = { owner, repo, path, defaults, ...(mergeOptions === undefined ? {} : { mergeOptions }) };
  const { config, files } = await reader.get<T>(options);
  // As Probot: with defaults, a missing file still yields them (merged as with a file).
  return defaults === undefined && files.every((file) => file.config === null) ? null : config;
}

function replacedGetContents(client: object): boolean {
  return isReplacedMethod((client as { repos?: unknown }).repos, "getContents");
}
