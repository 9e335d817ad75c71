import type { Octokit } from "@octokit/core";
import { scrubError } from "../../log/secrets.js";
import { VERSION } from "../../version.js";
import { asClientError } from "../request-error.js";

/**
 * The client's errors as gh-app-kit's `RequestError` (`error.code`, `error.headers` of Probot 7 to
 * 13), their message scrubbed of secrets (the platform's words may quote the token it refused).
 * Registered last, so that it sees what the retries and the throttle finally throw.
 */
export function requestErrorFields(octokit: Octokit): void {
  octokit.hook.error("request", (error) => {
    throw scrubError(asClientError(error));
  });
}
requestErrorFields.VERSION = VERSION;
