/**
 * A request's own async context, carried on its endpoint options. Octokit's throttling runs each
 * request from a queue shared by every client of the process, so a request can reach the inner hooks
 * (the token exchange) in the context of whichever request freed the queue: telemetry's spans then
 * land in another delivery's trace, or in none. Telemetry puts here a function that runs its argument
 * in the request's context; the token exchange is made through it.
 */
export const RUN_IN_REQUEST_CONTEXT = Symbol.for("gh-app-kit.runInRequestContext");

type Carrier = { [RUN_IN_REQUEST_CONTEXT]?: <T>(fn: () => T) => T };

export function inRequestContext<T>(endpoint: object, fn: () => T): T {
  const run = (endpoint as Carrier)[RUN_IN_REQUEST_CONTEXT];
  return typeof run === "function" ? run(fn) : fn();
}

export function setRequestContext(endpoint: object, run: <T>(fn: () => T) => T): void {
  // Enumerable, so that a spread copy of the options keeps it (a symbol is never sent or logged).
  Object.defineProperty(endpoint, RUN_IN_REQUEST_CONTEXT, {
    value: run,
    configurable: true,
    writable: true,
    enumerable: true,
  });
}
