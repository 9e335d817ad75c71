/**
 * Every failure the framework expects has a code from this list, a message
 * that names what went wrong, and a hint that tells the user what to do.
 * `docs/errors.md` documents each code; a test keeps the two in step.
 */
export const APP_ERROR_CODES = [
  "APP_CREDENTIALS_MISSING",
  "APP_FUNCTION_INVALID",
  "APP_FUNCTION_NOT_FOUND",
  "APP_ID_INVALID",
  "APP_MANIFEST_INVALID",
  "APP_NAME_INVALID",
  "CLIENT_NOT_LOADED",
  "CONFIG_EXTENDS_INVALID",
  "CONFIG_INVALID",
  "CONFIG_PATH_INVALID",
  "CONFIG_UNREADABLE",
  "CONTEXT_NO_REPOSITORY",
  "DIRECTORY_NOT_EMPTY",
  "EVENT_ACTION_MISMATCH",
  "EVENT_HANDLER_FAILED",
  "EVENT_NAME_INVALID",
  "HANDLER_DEADLINE_EXCEEDED",
  "INPUT_REQUIRED",
  "INSTALL_FAILED",
  "JWT_REJECTED",
  "MANIFEST_CONVERSION_FAILED",
  "OPTION_INVALID",
  "PACKAGE_JSON_INVALID",
  "PACKAGE_JSON_NOT_FOUND",
  "PAYLOAD_INVALID",
  "PAYLOAD_NOT_FOUND",
  "PLATFORM_REQUEST_FAILED",
  "PORT_IN_USE",
  "PRIVATE_KEY_AMBIGUOUS",
  "PRIVATE_KEY_INVALID",
  "PRIVATE_KEY_NOT_FOUND",
  "QUEUE_UNREACHABLE",
  "REGISTRATIONS_INVALID",
  "ROUTE_HANDLER_EXPRESS",
  "RUNTIME_UNSUPPORTED",
  "SHUTDOWN_DEADLINE_EXCEEDED",
  "TEMPLATE_NOT_FOUND",
  "TOKEN_EXCHANGE_FAILED",
  "WEBHOOK_HEADERS_MISSING",
  "WEBHOOK_PAYLOAD_INVALID",
  "WEBHOOK_PROXY_REFUSED",
  "WEBHOOK_SECRET_MISSING",
  "WEBHOOK_SIGNATURE_MISMATCH",
] as const;

export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export type AppErrorOptions = {
  /** One sentence telling the user what to do next. */
  hint?: string | undefined;
  /** HTTP status a server answers with when this error reaches it. */
  status?: number | undefined;
  cause?: unknown;
};

/** The one error type the framework throws for expected failures. */
export class AppError extends Error {
  override name = "AppError";
  readonly code: AppErrorCode;
  readonly hint: string | undefined;
  readonly status: number | undefined;

  constructor(code: AppErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
    this.status = options.status;
  }
}

/** True for an `AppError`, also one from another copy of the package. */
export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof AppError ||
    (error instanceof Error && error.name === "AppError" && typeof (error as { code?: unknown }).code === "string")
  );
}

/** On an Error `toError` made of a thrown object: that object. */
const THROWN = Symbol("thrown object");

/** Handlers may throw anything (`undefined`, a string); the value is kept as `cause`. */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  if (value !== null && typeof value === "object") {
    const { message, status } = value as { message?: unknown; status?: unknown };
    const error = new Error(
      typeof message === "string" ? message : `A non-Error object was thrown: ${safeDescribe(value)}`,
      { cause: value },
    );
    if (typeof status === "number") Object.assign(error, { status });
    return Object.defineProperty(error, THROWN, { value });
  }
  const text = typeof value === "string" ? value : String(value);
  return new Error(typeof value === "string" ? text : `A handler threw ${text} instead of an Error`, { cause: value });
}

/** The object's keys, never its values: a value may be a secret, and a cut one would escape scrubbing. */
function safeDescribe(value: object): string {
  const keys = Object.keys(value).slice(0, 10);
  const more = Object.keys(value).length > keys.length ? ", …" : "";
  return keys.length === 0 ? Object.prototype.toString.call(value) : `an object with ${keys.join(", ")}${more}`;
}

/**
 * What `app.receive()` rejects with: a native `AggregateError` whose `errors`
 * are the failed handlers' errors, and which is iterable like older apps expect.
 * Its message lists each error's stack (`Error: <message>` and the app's frames),
 * one under the other and indented by four spaces, as Probot 10 to 13 did: suites
 * match `Error: <message>` in it. Answers and logs take the `errors`' messages.
 */
/**
 * `errors` holds what the handlers threw, as Probot's does: each Error, and each other object (an
 * array of failures, a plain object) as it was thrown; a thrown string or `undefined` becomes an
 * Error. The message lists them as `toError` words them.
 */
export class AppAggregateError extends AggregateError implements Iterable<Error> {
  override name = "AggregateError";
  declare errors: Error[];

  constructor(errors: Error[]) {
    super(
      errors.map((error) => (THROWN in error ? (error as { [THROWN]: unknown })[THROWN] : error)),
      listStacks(errors),
    );
  }

  [Symbol.iterator](): Iterator<Error> {
    return this.errors[Symbol.iterator]();
  }
}

/**
 * What failed, for an answer or a log line: an aggregate's errors' messages, one a line
 * (its own message lists their stacks), or the error's message.
 */
export function failureMessage(error: Error): string {
  if (!(error instanceof AggregateError)) return error.message;
  return (error.errors as unknown[]).map((each) => toError(each).message).join("\n");
}

/** Each error's stack without Node's own frames (or `Name: message`), indented under a first empty line. */
function listStacks(errors: Error[]): string {
  const lines = errors.flatMap((error) =>
    (typeof error.stack === "string" ? error.stack : String(error))
      .split("\n")
      .filter((line) => line.trim() !== "" && !NODE_FRAME.test(line)),
  );
  return lines.map((line) => `\n    ${line}`).join("");
}

/** A stack frame in Node's own code (`node:internal/...`, `node:events`). */
const NODE_FRAME = /^\s+at (?:.* \()?node:[^)]*\)?$/;
