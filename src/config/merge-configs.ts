import deepmerge from "deepmerge";
import type { Configuration, MergeOptions } from "./types.js";

/** Lists are concatenated, as Probot's (deepmerge's) default does. */
export function mergeConfigs<T extends object = Configuration>(
  defaults: object | undefined,
  configs: readonly Configuration[],
  options?: MergeOptions,
): T {
  // deepmerge writes into the options object it is given, so it gets a copy.
  return deepmerge.all<T>([(defaults ?? {}) as Partial<T>, ...(configs as Partial<T>[])], { ...options });
}
