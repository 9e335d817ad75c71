import pino from "pino";
import { getLog } from "../log/get-log.js";
import type { RunOverrides } from "../options/resolve-run-options.js";
import { openHost } from "../run/open-host.js";
import { redeliverFailed, type RedeliverReport } from "./redeliver-failed.js";

export type RunRedeliverOptions = {
  env?: NodeJS.ProcessEnv | undefined;
  cwd?: string | undefined;
  overrides?: RunOverrides | undefined;
  sinceMs?: number | undefined;
  dryRun?: boolean | undefined;
};

/** `app redeliver`: one sweep of the deliveries no attempt delivered (see docs/redelivery.md). */
export async function runRedeliver({
  env: given,
  cwd = process.cwd(),
  overrides,
  sinceMs,
  dryRun,
}: RunRedeliverOptions = {}): Promise<RedeliverReport> {
  // Warnings only, to standard error, so `--json` output stays clean. No Redis:
  // one sweep needs no sharing, and the command must not wait for it.
  const { app } = await openHost({
    env: given,
    cwd,
    overrides,
    credentials: {
      needs: "Redelivering",
      hint: "PRIVATE_KEY_PATH (or --private-key) may name the key file instead; the app's JWT lists its deliveries.",
    },
    log: getLog({ level: "warn", logFormat: "json", destination: pino.destination({ fd: 2, sync: true }) }),
    adjust: (options) => ({ ...options, redisConfig: undefined }),
  });
  try {
    return await redeliverFailed({ client: await app.auth(), sinceMs, dryRun });
  } finally {
    await app.close();
  }
}
