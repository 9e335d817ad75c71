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
export function createPrettyStream(
  destination?: DestinationStream,
): DestinationStream {
  const target = destination ?? process.stdout;
  const { prettyFactory } = require("pino-pretty") as typeof import("pino-pretty");
  const prettify = prettyFactory({
    colorize: destination === undefined && process.stdout.isTTY === true,
    ignore: "pid,hostname",
    translateTime: "SYS:HH:MM:ss.l",
  });
  return { write: (line: string) => target.write(prettify(line)) };
}
