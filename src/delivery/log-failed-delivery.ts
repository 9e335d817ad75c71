import { toError } from "../errors.js";
import type { Logger } from "../log/get-log.js";

/**
 * Logs each error of a delivery whose handlers failed, at error level, bound
 * `{ name: "event", id }` as `context.log` is: what Probot's own error handler
 * writes for `receive()`, which apps' tests read from a captured log. Other
 * failures (a refused payload) are the caller's alone, as in Probot. The
 * server and the queue log their own line instead.
 */
export function logFailedDelivery(log: Logger, error: unknown): void {
  if (!(error instanceof AggregateError)) return;
  const event = (error as AggregateError & { event?: { id?: unknown } }).event;
  if (event === undefined) return;
  const bound = typeof log.child === "function" ? log.child({ name: "event", id: event.id }) : log;
  // A thrown non-Error as `toError` words it, by its message or its keys, never its values.
  for (const each of error.errors as unknown[]) {
    // The error itself, as Probot's `log.error(error)`: pino 7 and later write it under `err` with its
    // message, and a pino 6 logger (Probot 12's apps give one) spreads its fields into the record.
    bound.error(toError(each));
  }
}
