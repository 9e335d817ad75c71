import { toError } from "../errors.js";
import type { Logger } from "../log/get-log.js";

type Watcher = { log: Logger; count: () => void };

const watchers = new Set<Watcher>();

/**
 * Node ends the process on a rejection nobody handles, and a handler that
 * starts a promise without awaiting it (`void client.issues.create(...)`)
 * makes one. While a server runs, such a rejection is logged (one error
 * line, with its stack) and counted instead, and the server keeps serving.
 * One process listener serves every running server; the first one's logger
 * writes the line. Returns the function that stops watching.
 *
 * Attributing the rejection to its delivery would need AsyncLocalStorage,
 * which on Node 20 turns on promise hooks for every promise in the process:
 * far more than a delivery costs, so the line says what it can.
 */
export function watchUnhandledRejections(log: Logger, count: () => void): () => void {
  const watcher: Watcher = { log, count };
  if (watchers.size === 0) process.on("unhandledRejection", onUnhandledRejection);
  watchers.add(watcher);
  return () => {
    if (watchers.delete(watcher) && watchers.size === 0) process.off("unhandledRejection", onUnhandledRejection);
  };
}

function onUnhandledRejection(reason: unknown): void {
  const error = toError(reason);
  let logged = false;
  for (const watcher of watchers) {
    watcher.count();
    if (logged) continue;
    logged = true;
    watcher.log.error(
      { err: error },
      `A promise was rejected and nothing handled it (often a handler that did not await a call): ${error.message}. ` +
        "The server keeps serving; await the promise or add .catch() to handle the failure.",
    );
  }
}
