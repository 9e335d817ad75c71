import { buildAliasMethod } from "./build-alias-method.js";
import { olderNames } from "#older-names";
import type { EndpointMethod, OlderName, OlderNames, WarnLog } from "./types.js";

let table: OlderNames | undefined;

/**
 * The method names of Probot 7 and 8's client (@octokit/rest 15) that the catalogue lacks
 * (`apps.getInstallations`, `issues.edit`, `search.issues`, `pullRequests.get`), built with the
 * first client rather than as the module loads. Not in a Workers bundle ("#older-names").
 */
export function olderNameTable(): OlderNames {
  table ??= olderNames();
  return table;
}

/**
 * One of them: a deprecated alias of the catalogue method that sends its route (looked up in
 * `groups`, the client's own, when first called), warning once, its old parameter names
 * (`number`) renamed.
 */
export function buildOlderName(
  group: string,
  method: string,
  entry: OlderName,
  groups: Record<string, Record<string, unknown> | undefined>,
  getLog: () => WarnLog,
): EndpointMethod {
  const [targetGroup = "", targetMethod = ""] = entry.target.split(".");
  return buildAliasMethod({
    name: `${group}.${method}`,
    entry: { kind: "alias", ...entry },
    target: groups[targetGroup]![targetMethod] as EndpointMethod,
    getLog,
  });
}
