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
 *
 * But not an event's client's (`laterTurn: false`): Probot 10 to 12 honour
 * `throttle: { enabled: false }`, and apps' tests rely on that too: a request a
 * handler starts without awaiting it has reached the mocks when `receive()`
 * resolves and a `process.nextTick` has passed. Each order is the one the tests
 * written for its Probot rely on: requests made while the app loads (Probot 13
 * and 14), and requests a handler does not await (Probot 10 to 12).
 */
export function laterTurnWithoutThrottle(
  octokit: Octokit,
  options: { throttle?: { enabled?: boolean }; laterTurn?: boolean },
): void {
  if (options.throttle?.enabled !== false || options.laterTurn === false) return;
  octokit.hook.before("request", laterTurn);
}
laterTurnWithoutThrottle.VERSION = VERSION;
