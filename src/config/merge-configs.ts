import deepmerge from "deepmerge";
import type { Configuration, MergeOptions } from "./types.js";

/**
 * The default `arrayMerge`: a later list replaces an earlier one, so a file
 * can shorten a list its base or the defaults set. Pass
 * `{ arrayMerge: (a, b) => [...a, ...b] }` to concatenate, as Probot did.
 *
 * @example
 * deepmerge({ list: [1] }, { list: [2] }, { arrayMerge: replaceArrays }); // { list: [2] }
 */
export function replaceArrays(_target: unknown[], source: unknown[], options?: deepmerge.ArrayMergeOptions): unknown[] {
  return options ? source.map((item) => options.cloneUnlessOtherwiseSpecified(item as object, options)) : [...source];
}

/**
 * Deep-merges `defaults`, then each config in order (bases first, the
 * requested file last): a nested key set only by a base or the defaults
 * survives. The inputs are not changed; `__proto__` and friends are skipped.
 *
 * @example
 * mergeConfigs({ a: { x: 1 } }, [{ a: { y: 2 } }]); // { a: { x: 1, y: 2 } }
 */
export function mergeConfigs<T extends object = Configuration>(
  defaults: object | undefined,
  configs: readonly Configuration[],
  options?: MergeOptions,
): T {
  // deepmerge writes into the options object it is given, so it gets a copy.
  return deepmerge.all<T>([(defaults ?? {}) as Partial<T>, ...(configs as Partial<T>[])], {
    arrayMerge: replaceArrays,
    ...options,
  });
}
