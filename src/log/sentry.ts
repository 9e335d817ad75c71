import { AppError } from "../errors.js";
import { createDeliveryTagStore, type DeliveryTagStore } from "./delivery-tags.js";
import { scrubSecrets } from "./secrets.js";

export type SentryStreamOptions = {
  /** `https://<public key>@<host>/<project id>`. */
  dsn: string;
  /** The key of the message in the JSON line. Default: "msg". */
  messageKey?: string | undefined;
  environment?: string | undefined;
  release?: string | undefined;
  /** Told once when @sentry/node cannot be loaded; default: one line on stderr. */
  onLoadError?: ((error: unknown) => void) | undefined;
};

/** A pino destination for lines at error and above, sending each to Sentry. */
export type SentryStream = {
  write(line: string): void;
  /** Waits until every line written so far was sent (or `timeoutMs` passed). */
  flush(timeoutMs?: number): Promise<boolean>;
  /** The deliveries the contexts of this stream's logger saw, for their tags. */
  deliveryTags: DeliveryTagStore;
};

type Sentry = typeof import("@sentry/node");
type Scope = InstanceType<Sentry["Scope"]>;
type LogRecord = Record<string, unknown> & {
  err?: { type?: string; message?: string; stack?: string; aggregateErrors?: unknown };
};

// Lines logged while @sentry/node loads (about a second) wait here.
const MAX_PENDING = 100;
// Bound fields hoisted to tags, so Sentry can search by delivery.
const TAGS: Record<string, string> = { id: "delivery", event: "event", installation: "installation" };
const OMIT = new Set(["level", "time", "pid", "hostname", "err", ...Object.keys(TAGS)]);
const streams = new Set<SentryStream>();

/**
 * A pino destination that sends each log line it receives to the Sentry DSN
 * as an event: message, level, the error with its stack, and the delivery id,
 * event and installation as tags. Lines arrive scrubbed by `getLog`; values
 * are scrubbed again here. `@sentry/node` is imported only when this is
 * called, so apps without a DSN never load it.
 *
 * @example
 * const log = getLog({ sentryDsn: env.SENTRY_DSN }); // uses createSentryStream
 * log.error(error, "Handler failed");
 * await flushSentry();
 */
export function createSentryStream(options: SentryStreamOptions): SentryStream {
  checkDsn(options.dsn);
  const deliveryTags = createDeliveryTagStore();
  const messageKey = options.messageKey ?? "msg";
  let pending: string[] | undefined = [];
  let scope: Scope | undefined;
  const ready = loadScope(options).then(
    (loaded) => {
      scope = loaded;
      for (const line of pending ?? []) capture(loaded, line, messageKey, deliveryTags);
      pending = undefined;
    },
    (error: unknown) => {
      pending = undefined;
      (options.onLoadError ?? reportLoadError)(error);
    },
  );
  const stream: SentryStream = {
    write(line) {
      if (scope) capture(scope, line, messageKey, deliveryTags);
      else if (pending && pending.length < MAX_PENDING) pending.push(line);
    },
    async flush(timeoutMs = 2000) {
      await ready;
      return scope ? scope.getClient()!.flush(timeoutMs) : true;
    },
    deliveryTags,
  };
  streams.add(stream);
  return stream;
}

/**
 * Waits until every Sentry stream of the process sent its lines, at most
 * `timeoutMs`. Call it before the process exits.
 *
 * @example
 * await flushSentry(2000);
 */
export async function flushSentry(timeoutMs = 2000): Promise<void> {
  await Promise.all([...streams].map((stream) => stream.flush(timeoutMs)));
}

async function loadScope({ dsn, environment, release }: SentryStreamOptions): Promise<Scope> {
  const Sentry: Sentry = await import("#sentry-node");
  // A client of our own instead of Sentry.init(): no global hooks, and an
  // app's own Sentry set-up is left alone.
  const client = new Sentry.NodeClient({
    dsn,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [],
    ...(environment ? { environment } : {}),
    ...(release ? { release } : {}),
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  client.init();
  return scope;
}

function capture(root: Scope, line: string, messageKey: string, deliveryTags: DeliveryTagStore): void {
  let record: LogRecord;
  try {
    record = JSON.parse(scrubSecrets(line)) as LogRecord;
  } catch {
    return; // not a JSON line: nothing pino would write
  }
  const scope = root.clone();
  const message = typeof record[messageKey] === "string" ? (record[messageKey] as string) : "";
  scope.setLevel(toLevel(record.level));
  // context.log binds only the delivery id (as Probot's): its event and installation were remembered.
  const remembered: Record<string, unknown> = { ...deliveryTags.get(record.id) };
  for (const [field, tag] of Object.entries(TAGS)) {
    const value = record[field] ?? remembered[field];
    if (value !== undefined) scope.setTag(tag, String(value));
  }
  for (const [key, value] of Object.entries(record)) {
    if (!OMIT.has(key) && key !== messageKey) scope.setExtra(key, value);
  }
  if (record.err && typeof record.err === "object") {
    const error = new Error(errorMessage(record.err) ?? message);
    error.name = record.err.type ?? "Error";
    error.stack = record.err.stack ?? `${error.name}: ${error.message}`;
    if (message) scope.setExtra("message", message);
    scope.captureException(error);
  } else {
    scope.captureEvent({ message });
  }
}

/** An aggregate's message lists its errors' stacks (as Probot 10 to 13's did): their messages make the title. */
function errorMessage(err: NonNullable<LogRecord["err"]>): string | undefined {
  if (!Array.isArray(err.aggregateErrors) || err.aggregateErrors.length === 0) return err.message;
  return err.aggregateErrors.map((each: { message?: unknown } | null) => String(each?.message ?? each)).join("\n");
}

function toLevel(level: unknown): "error" | "fatal" {
  return level === "fatal" || (typeof level === "number" && level >= 60) ? "fatal" : "error";
}

function checkDsn(dsn: string): void {
  let url: URL | undefined;
  try {
    url = new URL(dsn);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !url.username || !/^\/(.+\/)?\d+$/.test(url.pathname)) {
    // The DSN itself is not repeated: it holds the project's key.
    throw new AppError("OPTION_INVALID", "SENTRY_DSN (or --sentry-dsn) is not a Sentry DSN.", {
      hint: "Copy the DSN from the Sentry project's settings: https://<key>@<host>/<project id>.",
    });
  }
}

function reportLoadError(error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Sentry is not available (${scrubSecrets(reason)}); error log lines are not sent.\n`);
}
