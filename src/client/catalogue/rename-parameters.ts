import type { RequestParameters } from "@octokit/types";

/** A value given under the current name wins. */
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
