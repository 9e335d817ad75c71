import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// `@octokit/webhooks` is one bundle (24 KB, with @octokit/webhooks-methods
// behind it), and every app that calls `app.on()` needs only its list of
// event names, `app receive` included. The package also ships that list as a
// module of its own beside the bundle; loading just that file keeps the
// bundle out of a cold start. Should the package move it, the list comes
// from the package's export as before (test/webhooks/known-event-names.test.ts
// checks both are the same).
const require = createRequire(import.meta.url);
const NAMES_FILE = "../dist-src/generated/webhook-names.js";

let names: readonly string[] | undefined;

/**
 * `@octokit/webhooks`' `emitterEventNames`, loaded on first call.
 *
 * @example
 * knownEventNames().includes("issues.opened"); // true
 */
export function knownEventNames(): readonly string[] {
  return (names ??= loadNames());
}

function loadNames(): readonly string[] {
  try {
    const file = join(dirname(require.resolve("@octokit/webhooks")), NAMES_FILE);
    const list = (require(file) as { emitterEventNames?: unknown }).emitterEventNames;
    if (Array.isArray(list) && list.length > 0) return list as string[];
  } catch {
    // moved or renamed: the package's own export below
  }
  return (require("@octokit/webhooks") as typeof import("@octokit/webhooks")).emitterEventNames;
}
