import pino from "pino";
import type { DestinationStream, LoggerOptions } from "pino";
import { isProduction } from "../helpers/is-production.js";
import { createPrettyStream } from "./create-pretty-stream.js";
import { createErrorSerializer } from "./serialize-error.js";
import { REDACTED, scrubSecrets } from "./secrets.js";
import { createSentryStream } from "./sentry.js";
import { withDeliveryTags } from "./delivery-tags.js";
import { processEnv } from "../options/process-env.js";
import { lazyLogger } from "./lazy-logger.js";
import { markScrubbing } from "./scrubbed-log.js";
import type { LogOptions } from "./log-options.js";

export type { LogLevel } from "./log-options.js";

export { LOG_LEVELS } from "./log-options.js";

export type Logger = pino.Logger;

/**
 * The log-related `Options` fields, with `level` for `logLevel`; and where
 * lines go, for tests and tracing.
 */
export type GetLogOptions = Pick<LogOptions, "logFormat" | "logLevelInString" | "logMessageKey" | "sentryDsn"> & {
  /** Lowest level written. Default: "info". */
  level?: LogOptions["logLevel"];
  /** Where lines go. Default: standard output. */
  destination?: DestinationStream | undefined;
  /** Fields added to every line, e.g. the active span's `trace_id` and `span_id` when tracing is on. */
  mixin?: (() => object) | undefined;
  env?: NodeJS.ProcessEnv;
};

// Censored by key by pino, whatever the value's type. Deeper keys are
// censored in the written line by `scrubSecrets` (`"token":"…"` at any depth):
// pino's `*.` wildcard paths cost 10–40 µs per line, too much for every
// webhook delivery.
const REDACT_PATHS = [
  "authorization",
  "cookie",
  '["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "privateKey",
  "secret",
  "webhookSecret",
  "token",
  "clientSecret",
  "client_secret",
  "password",
];

/**
 * Creates the framework's logger: pino, pretty in development and JSON in
 * production. Secrets are censored by key (`headers.authorization`, `token`,
 * `privateKey`, …) and every written line is scrubbed of private keys, JWTs,
 * GitHub tokens and values passed to `registerSecret`. The pino logger is
 * made with the first line written (see `lazyLogger`).
 *
 * @example
 * const log = getLog({ level: "debug", logFormat: "json", env: process.env });
 * log.info({ id: "d-1" }, "received");
 */
export function getLog({
  level = "info",
  logFormat,
  logLevelInString = false,
  logMessageKey = "msg",
  destination,
  sentryDsn,
  mixin,
  env = processEnv(),
}: GetLogOptions = {}): Logger {
  const format = logFormat ?? (isProduction(env) ? "json" : "pretty");
  let logger: Logger | undefined;
  const options: LoggerOptions = {
    level,
    // Stacks in the console only at debug level; JSON keeps them for tools (and Sentry).
    serializers: { err: createErrorSerializer(() => format === "json" || logger?.isLevelEnabled("debug") === true) },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // The last step before a line is written, so nothing escapes it.
    hooks: { streamWrite: scrubSecrets },
    // Where bundlers pick pino's browser build (Workers), lines go to the console, not a stream: scrubbed there too.
    browser: { write: writeScrubbedToConsole },
    // Only when given: pino calls it for every line.
    ...(mixin ? { mixin } : {}),
  };
  const create = (): Logger => {
    const made = make();
    markScrubbing(made);
    return made;
  };
  const make = (): Logger => {
    if (format === "pretty") {
      return withSentry(createPrettyStream(destination), sentryDsn, "msg", env, (stream) => pino(options, stream));
    }
    options.messageKey = logMessageKey;
    if (logLevelInString) {
      options.formatters = { level: (label) => ({ level: label }) };
    }
    if (sentryDsn) {
      const stream = destination ?? stdoutDestination() ?? pino.destination(1);
      return withSentry(stream, sentryDsn, logMessageKey, env, (withIt) => pino(options, withIt));
    }
    const stream = destination ?? stdoutDestination();
    return stream ? pino(options, stream) : pino(options);
  };
  // Sentry watches from the start, so that logger is made at once.
  logger = sentryDsn ? create() : lazyLogger(level, create);
  markScrubbing(logger);
  return logger;
}

/**
 * Standard output, written synchronously: lines leave in the order they were logged, as Probot's.
 * pino's own default writes asynchronously, and `fatal` flushes the queued lines at once, ahead of
 * a line still being written. Where `process.stdout.write` was replaced (a test capturing it), the
 * stream itself, as pino takes it; none where pino's browser build runs (Workers: the console).
 */
function stdoutDestination(): DestinationStream | undefined {
  const stdout = typeof process === "undefined" ? undefined : process.stdout;
  if (typeof pino.destination !== "function" || !stdout) return undefined;
  const replaced = stdout.write !== (stdout.constructor as { prototype?: { write?: unknown } }).prototype?.write;
  return replaced ? stdout : pino.destination({ dest: 1, sync: true });
}

/**
 * The logger `make` builds on `stream`, plus Sentry for lines at error and
 * above when a DSN is set; the logger (and its children) then carry where
 * contexts remember their deliveries' tags for that Sentry stream.
 */
function withSentry(
  stream: DestinationStream,
  dsn: string | undefined,
  messageKey: string,
  env: NodeJS.ProcessEnv,
  make: (stream: DestinationStream) => Logger,
): Logger {
  if (!dsn) return make(stream);
  const sentry = createSentryStream({ dsn, messageKey, environment: env.NODE_ENV });
  const logger = make(
    pino.multistream([
      { level: "trace", stream },
      { level: "error", stream: sentry },
    ]),
  );
  return withDeliveryTags(logger, sentry.deliveryTags);
}

/** pino's browser build hands each line as an object: written as a JSON line, scrubbed like every other. */
function writeScrubbedToConsole(record: object): void {
  const line = scrubSecrets(JSON.stringify(record, (_key, value: unknown) => serializeForConsole(value)));
  const level = (record as { level?: unknown }).level;
  // eslint-disable-next-line no-console
  (typeof level === "number" && level >= 50 ? console.error : console.log)(line);
}

function serializeForConsole(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  return { type: value.name, message: value.message, stack: value.stack };
}
