/** The six levels of the framework's logger, lowest first. */
export type LogLevel = "trace" | "debug" | "info" | "warn" | "error" | "fatal";

export const LOG_LEVELS: readonly LogLevel[] = Object.freeze(["trace", "debug", "info", "warn", "error", "fatal"]);

/**
 * The logger's settings among the `Options` of an `App`: they shape the
 * framework's logger (`getLog`) when no `log` is given. `GetLogOptions` is
 * these, with `level` for `logLevel`.
 */
export type LogOptions = {
  /** Lowest level written. Default: "info" (`LOG_LEVEL`). */
  logLevel?: LogLevel | undefined;
  /** Default: "json" when NODE_ENV is "production", else "pretty" (`LOG_FORMAT`). */
  logFormat?: "pretty" | "json" | undefined;
  /** JSON only: write the level as "info" instead of 30 (`LOG_LEVEL_IN_STRING`). */
  logLevelInString?: boolean | undefined;
  /** JSON only: the key of the message. Default: "msg" (`LOG_MESSAGE_KEY`). */
  logMessageKey?: string | undefined;
  /** Also send lines at error and above to this Sentry DSN (`SENTRY_DSN`; loads @sentry/node). */
  sentryDsn?: string | undefined;
};
