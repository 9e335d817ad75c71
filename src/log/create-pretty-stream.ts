import type { DestinationStream } from "pino";
import type { PrettyOptions } from "pino-pretty";

type PrettyFactory = (options: PrettyOptions) => (line: string) => string;

let loading: Promise<PrettyFactory> | undefined;
let loaded: PrettyFactory | undefined;
/** Lines waiting for pino-pretty, by stream: settled once written. */
const pending = new Set<Promise<void>>();

/**
 * Settles once every line logged so far is written. A command that ends on an error awaits it
 * before it prints the error and exits: lines logged just before would otherwise leave as raw
 * JSON, after the error, when pino-pretty has not loaded yet.
 */
export async function whenLogsWritten(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending);
}

/**
 * Loads pino-pretty (some 30 modules), once: JSON logging (production) and a
 * process that logs nothing never pay for it. Once it has loaded, pretty
 * streams write each line at once.
 */
export function loadPrettyFactory(): Promise<PrettyFactory> {
  // Node gives the CommonJS module's named exports; a bundler's namespace (webpack, ncc) may hold them on `default` only.
  loading ??= import("#pino-pretty").then((module) => {
    const found = module as unknown as { prettyFactory?: unknown; default?: { prettyFactory?: unknown } };
    return (loaded = (found.prettyFactory ?? found.default?.prettyFactory) as PrettyFactory);
  });
  return loading;
}

/**
 * A pino destination that prettifies each JSON line in the same thread, then
 * writes it to `destination` (default: standard output, in colour when that
 * is a terminal). No worker thread, unlike pino's `transport`. Lines written
 * before pino-pretty has loaded (the first ones of a process) wait for it, in
 * order; any still waiting when the process exits are written as they are.
 *
 * @example
 * const log = pino({ level: "info" }, createPrettyStream());
 */
export function createPrettyStream(destination?: DestinationStream): DestinationStream {
  const target = destination ?? process.stdout;
  // The colour choice is made now, as before.
  const colorize = destination === undefined && process.stdout.isTTY === true;
  let prettify: ((line: string) => string) | undefined;
  let waiting: string[] | undefined;
  const write = (line: string) =>
    target.write(prettify ? prettify(REQUEST_LINE.test(line) ? withoutRequestFields(line) : line) : line);
  const start = (factory: PrettyFactory) =>
    (prettify = factory({ colorize, ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss.l" }));
  const flush = () => {
    if (prettify === undefined && loaded !== undefined) start(loaded);
    const lines = waiting ?? [];
    waiting = undefined;
    process.off("exit", flush);
    for (const line of lines) write(line);
  };
  return {
    write: (line: string) => {
      if (prettify === undefined && loaded !== undefined) start(loaded);
      if (prettify !== undefined && waiting === undefined) return write(line);
      if (waiting !== undefined) return void waiting.push(line);
      waiting = [line];
      process.on("exit", flush);
      // Unprettified when pino-pretty cannot load: the lines are never lost.
      const written: Promise<void> = loadPrettyFactory()
        .then(start, () => undefined)
        .finally(flush)
        .then(() => void pending.delete(written));
      pending.add(written);
    },
  };
}

// The request line (src/server/log-request.ts) says all of this in its message;
// shown again as fields it would take five lines for one request.
const REQUEST_LINE = /"method":"[A-Z]+","path":/;
const REQUEST_FIELDS = ["method", "path", "status", "ms", "id"] as const;

function withoutRequestFields(line: string): string {
  try {
    const record = JSON.parse(line) as Record<string, unknown>;
    if (typeof record.ms !== "number" || typeof record.status !== "number") return line;
    for (const field of REQUEST_FIELDS) delete record[field];
    return JSON.stringify(record);
  } catch {
    return line;
  }
}
