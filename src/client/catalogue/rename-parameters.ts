import type { RequestParameters } from "@octokit/core/types";

/**
 * Returns the parameters with old names replaced by current ones; a value
 * given under the current name wins. The input is not changed.
 */
export function renameParameters(
  parameters: RequestParameters | undefined,
  renamed: Readonly<Record<string, string>> | undefined,
): RequestParameters | undefined {
  if (parameters === undefined || renamed === undefined) return parameters;
  const result: RequestParameters = { ...parameters };
  for (const [oldName, currentName] of Object.entries(renamed)) {
    if (!(oldName in result)) continue;
    if (!(currentName in result)) result[currentName] = result[oldName];
    delete result[oldName];
  }
  return result;
}
