import type { LogLevel } from "../log/get-log.js";
import type { RunOverrides } from "../options/resolve-run-options.js";

/** The flags of `src/cli/flags.ts` and `run-flags.ts` a command may have, as oclif parses them. */
export type HostFlags = {
  "app-id"?: number | undefined;
  "private-key"?: string | undefined;
  token?: string | undefined;
  "base-url"?: URL | undefined;
  secret?: string | undefined;
  port?: number | undefined;
  host?: string | undefined;
  "webhook-path"?: string | undefined;
  "webhook-proxy"?: string | undefined;
  "redis-url"?: string | undefined;
  "handler-deadline"?: number | undefined;
  "log-level"?: LogLevel | undefined;
  "log-format"?: "pretty" | "json" | undefined;
  "log-level-in-string"?: boolean | undefined;
  "log-message-key"?: string | undefined;
  "sentry-dsn"?: string | undefined;
};

/**
 * The one mapping of the shared flags to the options they override: every
 * command that opens a host (`run`, `worker`, `receive`, `doctor`,
 * `redeliver`) passes its parsed flags through it. Flags a command does not
 * have are undefined, and leave the settings beneath them alone.
 *
 * @example
 * await run(apps, { overrides: hostOverrides(flags) });
 */
export function hostOverrides(flags: HostFlags): RunOverrides {
  return {
    appId: flags["app-id"],
    privateKeyPath: flags["private-key"],
    platformToken: flags.token,
    baseUrl: flags["base-url"]?.href.replace(/\/$/, ""),
    secret: flags.secret,
    port: flags.port,
    host: flags.host,
    webhookPath: flags["webhook-path"],
    webhookProxy: flags["webhook-proxy"],
    redisConfig: flags["redis-url"],
    handlerDeadlineMs: flags["handler-deadline"],
    logLevel: flags["log-level"],
    logFormat: flags["log-format"],
    // A boolean flag is false when not given: then LOG_LEVEL_IN_STRING (or .env) decides.
    logLevelInString: flags["log-level-in-string"] || undefined,
    logMessageKey: flags["log-message-key"],
    sentryDsn: flags["sentry-dsn"],
  };
}
