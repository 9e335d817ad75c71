import pino from "pino";
import { createResolvedApp } from "../create-app.js";
import { AppError } from "../errors.js";
import { getLog } from "../log/get-log.js";
import { loadEnvFile } from "../options/load-env-file.js";
import { loadRegistrationsParser } from "../options/read-registrations-file.js";
import { resolveRunOptions, type RunOverrides } from "../options/resolve-run-options.js";
import { redeliverEach } from "./redeliver-each.js";
import type { RedeliverReport } from "./redeliver-failed.js";

export type RunRedeliverOptions = {
  env?: NodeJS.ProcessEnv | undefined;
  cwd?: string | undefined;
  overrides?: RunOverrides | undefined;
  sinceMs?: number | undefined;
  dryRun?: boolean | undefined;
};

/** Warnings go to standard error, so `--json` output stays clean. */
export async function runRedeliver({
  env: given,
  cwd = process.cwd(),
  overrides,
  sinceMs,
  dryRun,
}: RunRedeliverOptions = {}): Promise<RedeliverReport> {
  const env = loadEnvFile({ env: given, cwd });
  await loadRegistrationsParser(env);
  const settings = resolveRunOptions({ env, cwd, overrides });
  if (settings.setupMode) {
    throw new AppError(
      "APP_CREDENTIALS_MISSING",
      "Redelivering needs the app's credentials: set APP_ID and PRIVATE_KEY.",
      {
        hint: "PRIVATE_KEY_PATH (or --private-key) may name the key file instead; the app's JWT lists its deliveries.",
      },
    );
  }
  const log = getLog({ level: "warn", logFormat: "json", destination: pino.destination({ fd: 2, sync: true }), env });
  // No Redis: one sweep needs no sharing, and the command must not wait for it.
  const app = createResolvedApp({
    options: { ...settings.options, redisConfig: undefined, log },
    logOptions: settings.logOptions,
    env,
  });
  try {
    return await redeliverEach(app, { sinceMs, dryRun });
  } finally {
    await app.close();
  }
}
