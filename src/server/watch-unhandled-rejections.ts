import { failureMessage, toError } from "../errors.js";
import type { Logger } from "../log/get-log.js";

type Watcher = { log: Logger; count: () => void; after: string };

const SERVER_GOES_ON = "The server keeps serving";

const watchers = new Set<Watcher>();

/**
 * Node ends the process on an unhandled rejection, and a handler that does
 * not await (`void client.issues.create(...)`) makes one. Other rejections are
 * not tied to their delivery: AsyncLocalStorage on Node 20 hooks every promise.
 * `after` says what happens next (default: the server keeps serving).
 */
export function watchUnhandledRejections(log: Logger, count: () => void, after = SERVER_GOES_ON): () => void {
  const watcher: Watcher = { log, count, after };
  if (watchers.size === 0) process.on("unhandledRejection", onUnhandledRejection);
  watchers.add(watcher);
  return () => {
    if (watchers.delete(watcher) && watchers.size === 0) process.off("unhandledRejection", onUnhandledRejection);
  };
}

function onUnhandledRejection(reason: unknown): void {
  const error = toError(reason);
  const request = requestOf(reason);
  let logged = false;
  for (const watcher of watchers) {
    watcher.count();
    if (logged) continue;
    logged = true;
    if (request) {
      // A context.client request nobody awaited: it names its delivery, so the line can too.
      watcher.log.error(
        { err: error, id: request.delivery, request: request.route },
        `A request of delivery ${request.delivery} (${request.route}) failed and nothing handled it: ${failureMessage(error)}. ` +
          `${watcher.after}; await the request or add .catch() to handle the failure.`,
      );
      continue;
    }
    watcher.log.error(
      { err: error },
      `A promise was rejected and nothing handled it (often a handler that did not await a call): ${failureMessage(error)}. ` +
        `${watcher.after}; await the promise or add .catch() to handle the failure.`,
    );
  }
}

/** The path only: a query string could carry anything. */
function requestOf(reason: unknown): { delivery: string; route: string } | undefined {
  const request = (
    reason as { request?: { method?: unknown; url?: unknown; headers?: Record<string, unknown> } } | null
  )?.request;
  const delivery = request?.headers?.["x-github-delivery"];
  if (typeof delivery !== "string" || typeof request?.url !== "string") return undefined;
  return { delivery, route: `${String(request.method)} ${request.url.replace(/\?.*$/s, "")}` };
}
