import { createRequire } from "node:module";
import type { DestinationStream } from "pino";

// Loaded on first use: JSON logging (production) never pays for pino-pretty.
const require = createRequire(import.meta.url);

/**
 * A pino destination that prettifies each JSON line in the same thread and
 * synchronously, then writes it to `destination` (default: standard output,
 * in colour when that is a terminal). No worker thread, unlike pino's
 * `transport`, so lines are never lost on exit and tests see them at once.
 *
 * @example
 * const log = pino({ level: "info" }, createPrettyStream());
 */
export function createPrettyStream(destination?: DestinationStream): DestinationStream {
  const target = destination ?? process.stdout;
  // pino-pretty (some 30 modules) loads with the first line, not before: a
  // process that logs nothing, such as `app receive` at LOG_LEVEL=warn, never
  // pays for it. The colour choice is made now, as before.
  const colorize = destination === undefined && process.stdout.isTTY === true;
  let prettify: ((line: string) => string) | undefined;
  return {
    write: (line: string) => {
      prettify ??= (require("pino-pretty") as typeof import("pino-pretty")).prettyFactory({
        colorize,
        ignore: "pid,hostname",
        translateTime: "SYS:HH:MM:ss.l",
      });
      target.write(prettify(REQUEST_LINE.test(line) ? withoutRequestFields(line) : line));
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
