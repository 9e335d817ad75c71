import type { Octokit } from "@octokit/core";
import { scrubSecrets } from "../../log/secrets.js";
import { VERSION } from "../../version.js";
import { asClientError } from "../request-error.js";

/**
 * The client's errors as gh-app-kit's `RequestError` (`error.code`, `error.headers` of Probot 7 to
 * 13), their message scrubbed of secrets. Registered last, so that it sees what the retries and
 * the throttle finally throw.
 */
export function requestErrorFields(octokit: Octokit): void {
  octokit.hook.error("request", (error) => {
    throw withoutSecrets(asClientError(error));
  });
}
requestErrorFields.VERSION = VERSION;

/** The message is the platform's words, which may quote the token or JWT it refused: the app gets it scrubbed. */
function withoutSecrets(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const message = scrubSecrets(error.message);
  if (message === error.message) return error;
  error.message = message;
  if (typeof error.stack === "string") error.stack = scrubSecrets(error.stack);
  return error;
}
