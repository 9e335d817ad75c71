import { AppError } from "../errors.js";

/**
 * Ten minutes: longer than the waits the client's own rate-limit policy makes
 * (two secondary-limit retries of 60 s; a burst of a few hundred writes
 * queued at one per second), so only a stuck handler is abandoned, not one
 * that waits for the platform as it was told to. Memory is bounded anyway by
 * the server's `maxConcurrentDeliveries`.
 */
export const DEFAULT_HANDLER_DEADLINE_MS = 600_000;

/** `ms` (the default when unset), or `OPTION_INVALID` when it is not a positive number. */
export function resolveHandlerDeadline(ms: unknown = DEFAULT_HANDLER_DEADLINE_MS): number {
  if (typeof ms !== "number" || !(ms > 0)) {
    throw new AppError("OPTION_INVALID", `handlerDeadlineMs must be a positive number of milliseconds, got ${String(ms)}.`, {
      hint: "Pass e.g. handlerDeadlineMs: 600000 (10 minutes), or Infinity to never abandon a handler.",
    });
  }
  return ms;
}

/** The error that stands for `what` (e.g. "A handler of issues.opened") abandoned at the deadline. */
export function deadlineError(what: string, ms: number): AppError {
  return new AppError(
    "HANDLER_DEADLINE_EXCEEDED",
    `${what} did not settle within ${ms} ms and was abandoned.`,
    { hint: "Await every promise the handler starts and give slow calls a timeout, or raise handlerDeadlineMs." },
  );
}
