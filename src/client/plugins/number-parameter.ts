import type { Octokit } from "@octokit/core";
import type { EndpointDefaults } from "@octokit/types";
import { warnOnce } from "../catalogue/warn-once.js";
import { VERSION } from "../../version.js";

/** The placeholders @octokit/rest 16 took `number` for (its deprecated alias of each). */
const NUMBERED = ["issue_number", "pull_number", "milestone_number"] as const;

/**
 * `number` where the route names `{issue_number}`, `{pull_number}` or `{milestone_number}` is sent
 * as that placeholder, with one warning, as Probot 7 to 9's clients did (@octokit/rest 15 named
 * them `number`; 16 kept it as an alias). Without it the request would go to `issues//comments`.
 * A value given under the route's own name wins, and `number` is then left as it is.
 */
export function numberParameter(octokit: Octokit): void {
  octokit.hook.before("request", (request: EndpointDefaults & Record<string, unknown>) => {
    if (!("number" in request) || typeof request.url !== "string") return;
    const placeholder = NUMBERED.find((name) => request.url!.includes(`{${name}}`));
    if (placeholder === undefined || placeholder in request) return;
    request[placeholder] = request.number;
    delete request.number;
    warnOnce(
      octokit.log,
      `number:${placeholder}`,
      `The "number" parameter is deprecated (Probot 7 to 9's client): use "${placeholder}" (${request.method} ${request.url})`,
    );
  });
}
numberParameter.VERSION = VERSION;
