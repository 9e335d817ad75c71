import type { Octokit } from "@octokit/core";
import { scrubError } from "../../log/secrets.js";
import { VERSION } from "../../version.js";
import { asClientError } from "../request-error.js";

/**
 * The client's errors as gh-app-kit's `RequestError` (`error.code`, `error.headers` of Probot 7 to
 * 13), their message scrubbed of secrets (the platform's words may quote the token it refused), and
 * GraphQL's errors scrubbed too. Registered last, so that it sees what the retries and the throttle
 * finally throw.
 */
export function requestErrorFields(octokit: Octokit): void {
  octokit.hook.error("request", (error) => {
    throw scrubError(asClientError(error));
  });
  // A GraphQL answer's errors come with status 200: they are thrown after the request, not through its hooks.
  const graphql = octokit.graphql;
  octokit.graphql = Object.assign(
    (...args: Parameters<typeof graphql>) =>
      graphql(...args).catch((error: unknown) => {
        throw scrubError(error);
      }),
    graphql,
  ) as typeof graphql;
}
requestErrorFields.VERSION = VERSION;
