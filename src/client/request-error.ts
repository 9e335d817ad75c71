import { RequestError as OctokitRequestError } from "@octokit/request-error";
import type { OctokitResponse, RequestOptions, ResponseHeaders } from "@octokit/types";
import { warnOnce } from "../deprecations.js";

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

/** `headers` given to the constructor, as versions before 6 kept them. */
const givenHeaders = new WeakMap<object, ResponseHeaders>();

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
  constructor(message: string, statusCode: number, options: RequestErrorOptions) {
    const { headers, ...rest } = options;
    super(message, statusCode, rest);
    if (headers !== undefined) givenHeaders.set(this, headers);
  }

  /**
   * @deprecated `status`. Versions 1 to 5 of @octokit/request-error had it (Probot 7 to 13), and
   * apps of that time test `if (error.code !== 404) throw error`.
   */
  get code(): number {
    warnOnce("request-error-code", "error.code of the client's errors is deprecated: use error.status.");
    return this.status;
  }

  /** @deprecated `response.headers`, as versions 2 to 5 of @octokit/request-error gave them. */
  get headers(): ResponseHeaders {
    warnOnce(
      "request-error-headers",
      "error.headers of the client's errors is deprecated: use error.response.headers.",
    );
    return givenHeaders.get(this) ?? this.response?.headers ?? {};
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return instanceOfAnyCopy(
      this,
      RequestError,
      OctokitRequestError,
      value,
      (error) => error.name === "HttpError" && typeof error.status === "number",
    );
  }
}

/**
 * The client's errors are this RequestError: what @octokit/request throws (its copy of
 * @octokit/request-error's class, which this one extends) gains `code` and `headers` as Probot 7
 * to 13's client errors had them. Errors of other classes are left as they are.
 */
export function asClientError(error: unknown): unknown {
  if (typeof error === "object" && error !== null && Object.getPrototypeOf(error) === OctokitRequestError.prototype)
    Object.setPrototypeOf(error, RequestError.prototype);
  return error;
}

/**
 * `value instanceof cls`, where `cls` is `own` (RequestError, GraphqlResponseError): true for an
 * instance of `base` (the copy the client uses), or an Error of any copy and any realm (jest runs
 * each test file in a realm of its own) that has a `request` and is `like` one. A class of the
 * app's own that extends `own` keeps the ordinary check.
 */
export function instanceOfAnyCopy(
  cls: unknown,
  own: unknown,
  base: abstract new (...args: never[]) => unknown,
  value: unknown,
  like: (error: Record<string, unknown>) => boolean,
): boolean {
  if (cls !== own) return Function.prototype[Symbol.hasInstance].call(cls, value);
  if (value instanceof base) return true;
  if (typeof value !== "object" || value === null) return false;
  const error = value as Record<string, unknown>;
  return (
    typeof error.request === "object" &&
    error.request !== null &&
    Object.prototype.toString.call(value) === "[object Error]" &&
    like(error)
  );
}
