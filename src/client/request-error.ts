import { RequestError as OctokitRequestError } from "@octokit/request-error";
import type { OctokitResponse, RequestOptions, ResponseHeaders } from "@octokit/types";

/**
 * What `new RequestError(message, status, options)` takes: today's options (`request`, and `response`
 * when one came), and `headers`, which @octokit/request-error took before version 6 (tests of Probot 9
 * to 13 apps build their errors with it).
 */
export interface RequestErrorOptions extends ErrorOptions {
  request: RequestOptions;
  response?: OctokitResponse<unknown> | undefined;
  /** The response's headers, as @octokit/request-error before version 6 took them. */
  headers?: ResponseHeaders | undefined;
}

/**
 * The error the client rejects with when the platform answers with an error status (`status`,
 * `request`, `response`), under the name apps import it by from @octokit/request-error.
 *
 * `error instanceof RequestError` holds for every such error, whichever copy of
 * @octokit/request-error made it: the client's own, an older one the app still has (Probot 13's
 * was version 5), or the one bundled into the package's CommonJS build that jest loads. With Probot
 * the app's copy and the client's were often one module; here they seldom are.
 */
export class RequestError extends OctokitRequestError {
  /** As @octokit/request-error before version 6 kept them: the response's headers. */
  readonly headers?: ResponseHeaders;

  constructor(message: string, statusCode: number, options: RequestErrorOptions) {
    const { headers, ...rest } = options;
    super(message, statusCode, rest);
    const given = headers ?? options.response?.headers;
    if (given !== undefined) this.headers = given;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    // A class of the app's own that extends this one keeps the ordinary check.
    if (this !== RequestError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return value instanceof OctokitRequestError || isRequestErrorOfAnyCopy(value);
  }
}

/** An error made by any version of @octokit/request-error (or @octokit/request's older HttpError). */
function isRequestErrorOfAnyCopy(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { name, status, request } = value as { name?: unknown; status?: unknown; request?: unknown };
  return (
    name === "HttpError" &&
    typeof status === "number" &&
    typeof request === "object" &&
    request !== null &&
    // An Error of any realm (jest runs each test file in a realm of its own).
    Object.prototype.toString.call(value) === "[object Error]"
  );
}
