import type { DestinationStream } from "pino";
import { App, createResolvedApp } from "../create-app.js";
import { AppError } from "../errors.js";
import { getLog, type Logger } from "../log/get-log.js";
import type { AppOptions } from "../options/app-options.js";
import { loadEnvFile } from "../options/load-env-file.js";
import { loadRegistrationsParser } from "../options/read-registrations-file.js";
import { resolveRunOptions, type RunOverrides, type RunSettings } from "../options/resolve-run-options.js";
import { PRIVATE_KEY_HINT } from "../private-key/private-key-hint.js";
import type { Telemetry } from "../telemetry/telemetry.js";
import { pluginsWithTelemetry, withoutCredentials } from "./run-parts.js";

export type OpenHostOptions = {
  /** Default: `process.env`. The `.env` of `cwd` is added beneath it (and copied into `process.env`). */
  env?: NodeJS.ProcessEnv | undefined;
  /** Where `.env` and relative paths are. Default: `process.cwd()`. */
  cwd?: string | undefined;
  /** Options beneath the environment. */
  defaults?: AppOptions | undefined;
  /** Options above the environment: what the command line's flags set. */
  overrides?: RunOverrides | undefined;
  /**
   * Without an app id and private key: `"setup"` is setup mode (refused in
   * production), `"optional"` goes on without them, and `{ needs, hint }`
   * refuses to start, e.g. `{ needs: "A worker" }`.
   */
  credentials: "setup" | "optional" | { needs: string; hint: string };
  /** Start OpenTelemetry when `OTEL_*` configure it, and warn when `.env` is tracked by git: long-running hosts. */
  serving?: boolean | undefined;
  /** The command's own logger, instead of one from the settings (`LOG_*`). */
  log?: Logger | undefined;
  /** Where the settings' logger writes. Default: standard output. */
  logDestination?: DestinationStream | undefined;
  /**
   * `"resolved"` (default) fills the development secret outside production,
   * and in setup mode leaves the credentials out; `"plain"` makes the App from
   * the settings as they are (`app doctor` reports them).
   */
  app?: "resolved" | "plain" | undefined;
  /** The command's last word on the App's options, once the settings and the logger are known. */
  adjust?: ((options: AppOptions, host: { settings: RunSettings; log: Logger }) => AppOptions) | undefined;
};

/** The settings a command runs with, before anything is made. */
export type HostSettings = {
  /** The environment with `.env` beneath it. */
  env: NodeJS.ProcessEnv;
  cwd: string;
  settings: RunSettings;
  /** No credentials and `credentials: "setup"`: the App has none, the setup flow is served. */
  setupMode: boolean;
};

/** What a command runs on: the settings, the logger and the App. */
export type Host = HostSettings & {
  log: Logger;
  app: App;
  /** Started when `serving` and `OTEL_*` configure it. */
  telemetry: Telemetry | undefined;
};

/**
 * The one prologue of every command that runs apps or calls the platform
 * (`run`, `worker`, `receive`, `doctor`, `redeliver`): reads `.env`, resolves
 * the settings (defaults, environment, flags), makes the logger and the App.
 *
 * @example
 * const { app, log } = await openHost({ overrides: { logLevel: "debug" }, credentials: { needs: "A worker", hint } });
 */
export async function openHost(options: OpenHostOptions, given?: HostSettings): Promise<Host> {
  const { env, cwd, settings, setupMode } = given ?? (await loadSettings(options));
  // OpenTelemetry only when OTEL_* configure it: otherwise none of it is loaded.
  const telemetry = options.serving && !setupMode ? await startTelemetry(env) : undefined;
  const log =
    options.log ??
    settings.options.log ??
    getLog({
      level: settings.options.logLevel,
      ...settings.logOptions,
      env,
      destination: options.logDestination,
      mixin: telemetry?.logFields,
    });
  if (options.serving) await (await import("./warn-tracked-env.js")).warnIfEnvTracked({ cwd, log });
  const adjusted = options.adjust?.({ ...settings.options }, { settings, log }) ?? settings.options;
  // Telemetry attaches to this App as a plugin: Apps made otherwise in the process are not traced.
  const appOptions = { ...adjusted, plugins: pluginsWithTelemetry(adjusted.plugins, telemetry) };
  const app =
    options.app === "plain"
      ? new App({ ...appOptions, log })
      : setupMode
        ? new App({ ...withoutCredentials(appOptions), log })
        : createResolvedApp({ options: { ...appOptions, log }, logOptions: settings.logOptions, env });
  return { env, cwd, settings, setupMode, log, app, telemetry };
}

/**
 * The prologue's settings, before anything loads: a command checks its own
 * settings with them, then hands them to `openHost`. Throws the usage errors
 * of the settings and `APP_CREDENTIALS_MISSING`.
 *
 * @example
 * const opened = openSettings({ credentials: "setup" });
 * const host = await openHost({ credentials: "setup" }, opened);
 */
export function openSettings(options: OpenHostOptions): HostSettings {
  const { env, cwd } = openEnv(options);
  const settings = resolveRunOptions({
    env,
    cwd,
    defaults: options.defaults,
    overrides: options.overrides,
    credentialsOptional: options.credentials === "optional",
  });
  const { credentials } = options;
  if (typeof credentials === "object" && settings.setupMode) {
    const { appId, id, privateKey, cert } = settings.options;
    // One of the two found: name the other (for the key, where it is looked for).
    if ((appId ?? id) !== undefined && !(privateKey ?? cert)) {
      throw new AppError(
        "APP_CREDENTIALS_MISSING",
        `${credentials.needs} needs the app's private key: APP_ID is set but none was found.`,
        { hint: PRIVATE_KEY_HINT },
      );
    }
    if ((appId ?? id) === undefined && (privateKey ?? cert)) {
      throw new AppError(
        "APP_CREDENTIALS_MISSING",
        `${credentials.needs} needs the app's id: a private key was found but no APP_ID.`,
        { hint: "Set APP_ID (or pass --app-id) to the App ID on the app's settings page." },
      );
    }
    throw new AppError(
      "APP_CREDENTIALS_MISSING",
      `${credentials.needs} needs the app's credentials: set APP_ID and PRIVATE_KEY.`,
      { hint: credentials.hint },
    );
  }
  return { env, cwd, settings, setupMode: credentials === "setup" && settings.setupMode };
}

/**
 * `openSettings`, once what the settings need is loaded: the YAML parser,
 * when `APP_REGISTRATIONS` names a file (loaded with `import()`, so that
 * processes without one never load it).
 *
 * @example
 * const opened = await loadSettings({ credentials: "setup" });
 */
export async function loadSettings(options: OpenHostOptions): Promise<HostSettings> {
  await loadRegistrationsParser(openEnv(options).env);
  return openSettings(options);
}

/**
 * The prologue's first step: the environment with the `.env` of `cwd`
 * beneath it. When `env` is the process's own, the file's variables are
 * copied into it too (those not set), since the apps' code reads `process.env`.
 */
export function openEnv({ env, cwd }: Pick<OpenHostOptions, "env" | "cwd">): { env: NodeJS.ProcessEnv; cwd: string } {
  const folder = cwd ?? process.cwd();
  return { env: loadEnvFile({ env, cwd: folder, intoProcessEnv: true }), cwd: folder };
}

async function startTelemetry(env: NodeJS.ProcessEnv): Promise<Telemetry | undefined> {
  const { readTelemetryConfig } = await import("../telemetry/read-telemetry-config.js");
  const config = readTelemetryConfig(env);
  return config ? (await import("#start-telemetry")).startTelemetry(config) : undefined;
}
