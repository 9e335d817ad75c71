import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";
import { AppError } from "../errors.js";
import type { LogLevel } from "../log/get-log.js";
import { receive } from "../receive/receive.js";
import { addUsageErrors } from "./describe-app-error.js";
import { hostOverrides } from "./host-overrides.js";

// No oclif here: both `commands/receive.ts` and the fast start of
// `app receive` (src/cli/fast-receive.ts) run the command through this.

/** `app receive`'s flags, parsed (by oclif, or by the fast start from oclif's manifest). */
export type ReceiveFlags = {
  event?: string | undefined;
  "payload-path"?: string | undefined;
  "dry-run"?: boolean | undefined;
  "app-id"?: number | undefined;
  "private-key"?: string | undefined;
  token?: string | undefined;
  "base-url"?: URL | undefined;
  "log-level"?: LogLevel | undefined;
  "log-format"?: "pretty" | "json" | undefined;
  "log-level-in-string"?: boolean | undefined;
  "log-message-key"?: string | undefined;
  "sentry-dsn"?: string | undefined;
};

export const RECEIVE_USAGE_ERRORS = [
  "APP_FUNCTION_NOT_FOUND",
  "EVENT_ACTION_MISMATCH",
  "PAYLOAD_INVALID",
  "PAYLOAD_NOT_FOUND",
] as const;

export async function runReceive(argv: readonly unknown[], flags: ReceiveFlags): Promise<void> {
  addUsageErrors(...RECEIVE_USAGE_ERRORS);
  const apps = argv.map(String);
  const unknown = apps.find((app) => app.startsWith("-"));
  if (unknown !== undefined) {
    throw new AppError("OPTION_INVALID", `Unknown flag ${unknown}.`, { hint: "See app receive --help for the flags." });
  }
  const overrides = hostOverrides(flags);
  await receive({
    event: flags.event,
    payloadPath: flags["payload-path"],
    apps,
    env: process.env,
    cwd: process.cwd(),
    // In a GitHub Actions job, receive() acts on the job's GITHUB_API_URL; --base-url and GHE_HOST win.
    overrides,
    dryRun: flags["dry-run"],
    createRouter: createRouterOnFirstUse,
    untilExit: true,
  });
}

/**
 * Hono for the apps that ask for a router, loaded when one does: most apps
 * `app receive` runs mount no routes, and the routes are never served here.
 * A synchronous `require()` of Hono's ES module (the CLI is no library a
 * bundler takes in) gives the very instance `import("hono")` does.
 */
function createRouterOnFirstUse(): Hono {
  const load = createRequire(import.meta.url);
  const { Hono } = load(fileURLToPath(import.meta.resolve("hono"))) as typeof import("hono");
  return new Hono();
}
