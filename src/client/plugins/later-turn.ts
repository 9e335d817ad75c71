import type { Octokit } from "@octokit/core";
import { VERSION } from "../../version.js";

// Taken when this module loads, so that a test's fake timers installed later do not hold requests back.
const nextTurn: (callback: () => void) => unknown =
  typeof setImmediate === "function" ? setImmediate : (callback) => setTimeout(callback, 0);

/** Resolves on a later turn of the event loop (after I/O and timers due now, not only queued promises). */
function laterTurn(): Promise<void> {
  return new Promise((resolve) => nextTurn(resolve));
}

/**
 * With throttling on, each request waits in Bottleneck's queue and leaves on a
 * later turn of the event loop. Probot 13 and 14 send every request so, even
 * when a test turns throttling off through the `Octokit` option (their own
 * defaults replace it). Apps' tests rely on that order: a request the app starts
 * while it loads, in a `beforeEach`, meets the HTTP mocks the test registers
 * right after in the same turn. With throttling off, a request here still leaves
 * on a later turn, without the queue's rate limits.
 */
export function laterTurnWithoutThrottle(octokit: Octokit, options: { throttle?: { enabled?: boolean } }): void {
  if (options.throttle?.enabled !== false) return;
  octokit.hook.before("request", laterTurn);
}
laterTurnWithoutThrottle.VERSION = VERSION;
