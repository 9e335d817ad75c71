import type { AppOptions } from "./app-options.js";
import { withProbotOptionNames } from "./probot-option-names.js";
import { readEnvOptions, type EnvLogOptions } from "./read-env-options.js";

export type CreateAppOptions = {
  defaults?: AppOptions | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  overrides?: AppOptions | undefined;
};

export type ResolvedAppOptions = {
  options: AppOptions;
  /** The logger's settings the environment gives (used when `options.log` is not set). */
  logOptions: EnvLogOptions;
  /** The environment the options were read from (for `NODE_ENV` and the logger). */
  env: NodeJS.ProcessEnv;
};

/** `defaults`, then the environment, then `overrides`, later ones winning. */
export function resolveAppOptions(given: CreateAppOptions | AppOptions = {}, cwd = process.cwd()): ResolvedAppOptions {
  const { defaults = {}, env = process.env, overrides = {} } = asCreateAppOptions(given);
  const fromEnv = readEnvOptions({
    env,
    cwd,
    skipPrivateKey: Boolean(overrides.privateKey ?? overrides.cert),
  });
  const { logFormat, logLevelInString, logMessageKey, sentryDsn, ...envOptions } = fromEnv;
  const options: AppOptions = { ...withCurrentNames(defaults), ...envOptions, ...withCurrentNames(overrides) };
  // The logger's settings layer as the rest do.
  const logOptions: EnvLogOptions = {
    logFormat: overrides.logFormat ?? logFormat ?? defaults.logFormat,
    logLevelInString: overrides.logLevelInString ?? logLevelInString ?? defaults.logLevelInString,
    logMessageKey: overrides.logMessageKey ?? logMessageKey ?? defaults.logMessageKey,
    sentryDsn: overrides.sentryDsn ?? sentryDsn ?? defaults.sentryDsn,
  };
  return { options, logOptions, env };
}

/** Plain AppOptions are taken as overrides rather than ignored. */
function asCreateAppOptions(given: CreateAppOptions | AppOptions): CreateAppOptions {
  if (given === null || typeof given !== "object") return {};
  const keys = Object.keys(given);
  if (keys.length === 0 || keys.some((key) => key === "defaults" || key === "env" || key === "overrides")) {
    return given as CreateAppOptions;
  }
  return { overrides: given as AppOptions };
}

/** So an `id` in `overrides` beats `APP_ID`; the deprecated keys stay, for their warnings. */
function withCurrentNames(layer: AppOptions): AppOptions {
  const named = { ...withProbotOptionNames(layer, "createApp()") };
  if (named.privateKey === undefined && layer.cert !== undefined) named.privateKey = layer.cert;
  if (named.appId === undefined && layer.id !== undefined) named.appId = layer.id;
  return named;
}
