import deepmerge from "deepmerge";
import type { Configuration, MergeOptions } from "./types.js";

/**
 * Deep-merges `defaults`, then each config in order (bases first, the
 * requested file last): a nested key set only by a base or the defaults
 * survives. Lists are concatenated, as Probot's (deepmerge's) default does;
 * pass `{ arrayMerge: (_earlier, later) => later }` for a later list to
 * replace an earlier one. The inputs are not changed.
 */
export function mergeConfigs<T extends object = Configuration>(
  defaults: object | undefined,
  configs: readonly Configuration[],
  options?: MergeOptions,
): T {
  // deepmerge writes into the options object it is given, so it gets a copy.
  return deepmerge.all<T>([(defaults ?? {}) as Partial<T>, ...(configs as Partial<T>[])], { ...options });
}
