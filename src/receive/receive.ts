import { randomUUID } from "node:crypto";
import type { DestinationStream } from "pino";
import type { Hono } from "hono";
import { AppError, failureMessage, toError } from "../errors.js";
import { loadAppFunction, pickFunction } from "../run/load-app-function.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import type { Logger, LogLevel } from "../log/get-log.js";
import { scrubSecrets } from "../log/secrets.js";
import { flushSentry } from "../log/sentry.js";
import { PRIVATE_KEY_HINT } from "../private-key/get-private-key.js";
import type { AppOptions } from "../options/app-options.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";
import { processEnv } from "../options/process-env.js";
import type { RunOverrides } from "../options/resolve-run-options.js";
import { loadSettings, openHost, type OpenHostOptions } from "../run/open-host.js";
import { withoutCredentials } from "../run/run-parts.js";
import { readEvent } from "./read-event.js";
import { createDryRun, dryRunSummary } from "./dry-run.js";
import { AppClient } from "../client/app-client.js";
import { watchUnhandledRejections } from "../server/watch-unhandled-rejections.js";

export type ReceiveOptions = {
  /** `issues` or `issues.opened`; default `GITHUB_EVENT_NAME`. */
  event?: string | undefined;
  /** The JSON payload file; default `GITHUB_EVENT_PATH`. */
  payloadPath?: string | undefined;
  /**
   * Apps to load: paths or package names, resolved from `cwd`, or the app functions themselves (or
   * modules with one as their default export), as a JavaScript action bundled with its app hands them.
   */
  apps: ReadonlyArray<ReceiveApp>;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  token?: string | undefined;
  appId?: number | undefined;
  /** The --private-key flag; else PRIVATE_KEY, PRIVATE_KEY_PATH or a single .pem file. */
  privateKeyPath?: string | undefined;
  baseUrl?: string | undefined;
  logLevel?: LogLevel | undefined;
  logFormat?: "pretty" | "json" | undefined;
  logLevelInString?: boolean | undefined;
  logMessageKey?: string | undefined;
  /** Log lines at error and above also go to this DSN; default `SENTRY_DSN`. */
  sentryDsn?: string | undefined;
  /** Where log lines go; default standard output. */
  logDestination?: DestinationStream | undefined;
  /**
   * Send nothing to the platform: print each request and answer it here
   * (reads 404, writes 201 `{}`). Also the case without any credentials.
   */
  dryRun?: boolean | undefined;
  /** Makes the root of the routers the apps' `getRouter()` gives (never served here). Default: a new Hono app. */
  createRouter?: (() => Hono) | undefined;
  /** What the command line's flags set, beneath the options above. */
  overrides?: RunOverrides | undefined;
  /** Where a dry run prints its requests and closing line; default standard output. */
  write?: ((line: string) => void) | undefined;
  /**
   * The CLI's case: the process ends when the apps' work is done, awaited or
   * not. From the apps' loading on, a rejection nothing handled (work a
   * handler started without awaiting it) is logged as an error line and sets
   * `process.exitCode` to 1, instead of ending the process with Node's stack
   * trace; a dry run's closing line is written as the process is about to
   * exit, so it counts that work's requests too. A library caller keeps its
   * own `unhandledRejection` policy and gets the closing line at once.
   */
  untilExit?: boolean | undefined;
};

/** An app for `receive`: a path or package name, an app function, or a module whose default export is one. */
export type ReceiveApp = string | ApplicationFunction | DeprecatedApplicationFunction | { default: unknown };

export type ReceiveResult = {
  id: string;
  name: string;
  action: string | undefined;
  /** Whether the requests were printed instead of sent. */
  dryRun: boolean;
};

/**
 * Delivers one event from a JSON file to the apps, in this process: no
 * server, no signature. Rejects with an `AppError`: `PAYLOAD_NOT_FOUND`,
 * `PAYLOAD_INVALID`, `EVENT_ACTION_MISMATCH`, `OPTION_INVALID` for bad input,
 * `EVENT_HANDLER_FAILED` (the handlers' messages, scrubbed) when a handler fails.
 *
 * @example
 * await receive({ event: "issues.opened", payloadPath: "./payload.json", apps: ["./app.js"] });
 */
export async function receive(options: ReceiveOptions): Promise<ReceiveResult> {
  const opened = await loadSettings(prologue(options));
  const { env, cwd } = opened;
  const { name, action, payload } = readEvent({
    event: options.event ?? ENV_BINDINGS.eventName.read(env),
    payloadPath: options.payloadPath ?? ENV_BINDINGS.eventPath.read(env),
    cwd,
  });
  if (options.apps.length === 0) {
    throw new AppError("OPTION_INVALID", "No app was given.", {
      hint: "Name the app to run: app receive -e issues -p payload.json ./index.js",
    });
  }

  const write = options.write ?? ((line: string) => void process.stdout.write(`${line}\n`));
  let printer: ReturnType<typeof createDryRun> | undefined;
  const { app, log, settings } = await openHost(
    {
      ...prologue(options),
      adjust: (appOptions, { log }) => {
        const found = hasCredentials(appOptions);
        if (!found) log.info(noCredentials(appOptions));
        if (options.dryRun !== true && found) return { ...appOptions, ...noSecretNeeded(appOptions) };
        printer = createDryRun(write);
        return {
          ...withoutCredentials(appOptions),
          // A dry run's client answers every request itself (see dry-run.ts).
          Client: dryRunClient(printer.fetch),
          ...noSecretNeeded(appOptions),
        };
      },
    },
    opened,
  );
  const dryRun = printer !== undefined;
  if (options.untilExit === true) {
    watchUnhandledRejections(log, () => void (process.exitCode = 1), "app receive will exit with code 1");
    watchUncaughtExceptions(log);
  }
  const sentryDsn = settings.logOptions.sentryDsn;
  const appFns = await Promise.all(options.apps.map((given) => appFunctionOf(given, cwd)));
  // Routes an app mounts are never served here, but mounting them must not fail.
  // Hono is imported here unless the caller makes the router (the CLI does, on first use).
  const createRouter = options.createRouter ?? honoRouter(await import("hono"));
  let root: Hono | undefined;
  const getRouter = (path?: string): Hono => {
    root ??= createRouter();
    return path ? root.basePath(path) : root;
  };
  await app.load(appFns, { getRouter });

  const runId = ENV_BINDINGS.runId.read(env);
  const id = runId ? `${runId}-${ENV_BINDINGS.runAttempt.read(env) ?? "1"}-${randomUUID()}` : randomUUID();
  const label = action ? `${name}.${action}` : name;
  const handlers = app.webhooks.router.countHandlers(name, payload);
  if (handlers === 0) log.warn(`No handler of the apps listens to ${label}; nothing ran.`);
  try {
    await app.deliver({ id, name, payload });
  } catch (error) {
    throw handlerFailure(error, label, log, sentryDsn !== undefined);
  } finally {
    await flushSentry();
  }
  log.debug({ id }, `Delivered ${label}`);
  if (printer) {
    const counted = printer;
    const summary = () => write(dryRunSummary(handlers, label, counted.requests));
    if (options.untilExit === true) process.once("beforeExit", summary);
    else summary();
  }
  return { id, name, action, dryRun };
}

/**
 * An exception a handler's timer or callback throws: Node would print it raw (a secret in it too) and
 * end the process at once. Logged (scrubbed) as an unhandled rejection is, and the rest of the work
 * finishes; the command exits 1.
 */
function watchUncaughtExceptions(log: Logger): void {
  process.on("uncaughtException", (thrown: unknown) => {
    process.exitCode = 1;
    const error = toError(thrown);
    log.error(
      { err: error },
      `An exception nothing caught (often in a handler's timer or callback): ${failureMessage(error)}. ` +
        "app receive will exit with code 1; catch the error where it is thrown.",
    );
  });
}

async function appFunctionOf(
  given: ReceiveApp,
  basedir: string,
): Promise<ApplicationFunction | DeprecatedApplicationFunction> {
  if (typeof given === "string") return loadAppFunction(given, { basedir });
  const appFn = pickFunction(given);
  if (appFn) return appFn;
  throw new AppError(
    "OPTION_INVALID",
    `receive() was given ${describeValue(given)} as an app: it takes an app function, a module with one as its default export, or a path.`,
    {
      hint: "Give each app as apps: [appFn] or apps: ['./index.js'].",
    },
  );
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "object") return "an object without an app function as its default export";
  return `a ${typeof value}`;
}

/** The prologue of `app receive`: credentials optional (without them it runs dry). */
function prologue(options: ReceiveOptions): OpenHostOptions {
  return {
    env: options.env,
    cwd: options.cwd,
    overrides: {
      ...options.overrides,
      ...withoutUndefined({
        platformToken: options.token,
        appId: options.appId,
        privateKeyPath: options.privateKeyPath,
        baseUrl: options.baseUrl ?? jobApiUrl(options),
        logLevel: options.logLevel,
        logFormat: options.logFormat,
        logLevelInString: options.logLevelInString,
        logMessageKey: options.logMessageKey,
        sentryDsn: options.sentryDsn,
      }),
    },
    credentials: "optional",
    logDestination: options.logDestination,
  };
}

/**
 * In a GitHub Actions job, its own platform (an Enterprise Server's runner too), as the job's token
 * belongs there: `GITHUB_API_URL`, unless `--base-url` or `GHE_HOST` says where the API is. The
 * job's event and token are read from its variables too.
 */
function jobApiUrl(options: ReceiveOptions): string | undefined {
  const env = options.env ?? processEnv();
  if (options.overrides?.baseUrl !== undefined || ENV_BINDINGS.baseUrl.read(env) !== undefined) return undefined;
  return ENV_BINDINGS.githubApiUrl.read(env)?.replace(/\/+$/, "");
}

/** A token, or an app id with its private key. */
function hasCredentials(options: AppOptions): boolean {
  return Boolean(options.platformToken || ((options.appId ?? options.id) !== undefined && options.privateKey));
}

/** No delivery is verified here, so the secret is never used; one set keeps the App from warning about the development secret. */
function noSecretNeeded(options: AppOptions): AppOptions {
  return { secret: options.secret ?? randomUUID() };
}

function noCredentials(options: AppOptions): string {
  const missing =
    options.appId !== undefined
      ? `APP_ID is set but no private key was found. ${PRIVATE_KEY_HINT}`
      : options.privateKey
        ? "A private key was found but no app id: pass --app-id or set APP_ID."
        : "To call the platform, pass --token (or set GITHUB_TOKEN), or set APP_ID and a private key.";
  return `No credentials, so this is a dry run: the handlers' requests are printed, not sent. ${missing}`;
}

function honoRouter({ Hono }: typeof import("hono")): () => Hono {
  return () => new Hono();
}

/** The client class of a dry run: AppClient with the dry run's fetch. */
function dryRunClient(fetch: typeof globalThis.fetch): typeof AppClient {
  return AppClient.defaults({ request: { fetch } });
}

function handlerFailure(error: unknown, label: string, log: Logger, toSentry: boolean): unknown {
  if (!(error instanceof AggregateError)) return error;
  const errors = (error.errors as unknown[]).map(toError);
  for (const failure of errors) log.debug({ err: failure }, `A ${label} handler failed`);
  const messages = errors.map((failure) => scrubSecrets(String(failure?.message ?? failure)).replace(/\s*\n\s*/g, " "));
  const message =
    messages.length === 1
      ? `The ${label} handler failed: ${messages[0]}`
      : `${messages.length} ${label} handlers failed: ${messages.join("; ")}`;
  // The caller (the CLI) prints the message once; at error level only for
  // Sentry to hear of it, without the stack.
  if (toSentry) log.error(message);
  return new AppError("EVENT_HANDLER_FAILED", message, {
    hint: "Run with --log-level debug to see where it failed.",
    cause: error,
  });
}

function withoutUndefined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
