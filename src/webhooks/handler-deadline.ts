import { AppError } from "../errors.js";

/** Longer than the client's own rate-limit waits, so only a stuck handler is abandoned. */
export const DEFAULT_HANDLER_DEADLINE_MS = 600_000;

export function resolveHandlerDeadline(ms: unknown = DEFAULT_HANDLER_DEADLINE_MS): number {
  if (typeof ms !== "number" || !(ms > 0)) {
    throw new AppError(
      "OPTION_INVALID",
      `handlerDeadlineMs must be a positive number of milliseconds, got ${String(ms)}.`,
      {
        hint: "Pass e.g. handlerDeadlineMs: 600000 (10 minutes), or Infinity to never abandon a handler.",
      },
    );
  }
  return ms;
}

/** The error that stands for `what` (e.g. "A handler of issues.opened") abandoned at the deadline. */
export function deadlineError(what: string, ms: number): AppError {
  return new AppError("HANDLER_DEADLINE_EXCEEDED", `${what} did not settle within ${ms} ms and was abandoned.`, {
    hint: "Await every promise the handler starts and give slow calls a timeout, or raise handlerDeadlineMs.",
  });
}
