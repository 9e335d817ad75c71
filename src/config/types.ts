import type { Options as DeepMergeOptions } from "deepmerge";
import type { Endpoints } from "@octokit/types";

/** The parameters of `GET /repos/{owner}/{repo}/contents/{path}`: owner, repo, path, ref?. */
export type ReposGetContentsParams = Endpoints["GET /repos/{owner}/{repo}/contents/{path}"]["parameters"];

/** Options of the deep merge (the `deepmerge` package's `Options`). */
export type MergeOptions = DeepMergeOptions;

/** A parsed config file: a mapping (or, as Probot allows, a list at run time). */
export type Configuration = Record<string, unknown>;

/** One file that `config.get()` looked at, found (`config` set) or not (`config: null`). */
export type ConfigFile = {
  owner: string;
  repo: string;
  path: string;
  /** The API address of the file (its contents endpoint). */
  url: string;
  config: Configuration | null;
};

/** Builds the result from the files' configs, bases first and the requested file last. */
export type DefaultsFunction<T> = (configs: Configuration[]) => T;

export type GetConfigOptions<T extends object = Configuration> = {
  owner: string;
  repo: string;
  /** The file's path in the repository, e.g. `.github/my-app.yml`. */
  path: string;
  /** Merged under the files (an object), or builds the result from them (a function). */
  defaults?: T | DefaultsFunction<T> | undefined;
  /** Branch, tag or commit of the requested repository; bases use their default branch. */
  branch?: string | undefined;
  /** Passed to `deepmerge`; arrays are replaced unless `arrayMerge` says otherwise. */
  mergeOptions?: MergeOptions | undefined;
};

export type GetConfigResult<T extends object = Configuration> = {
  /** `defaults`, then each base, then the file, deep-merged. */
  config: T;
  /** Every file looked at, in lookup order: the requested file first. */
  files: ConfigFile[];
};
