import type { Options } from "./app-options.js";
import { readEnvOptions, type EnvLogOptions } from "./read-env-options.js";

export type CreateAppOptions = {
  defaults?: Options | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  overrides?: Options | undefined;
};

export type ResolvedAppOptions = {
  options: Options;
  /** The logger's settings the environment gives (used when `options.log` is not set). */
  logOptions: EnvLogOptions;
  /** The environment the options were read from (for `NODE_ENV` and the logger). */
  env: NodeJS.ProcessEnv;
};

/** `defaults`, then the environment, then `overrides`, later ones winning. */
export function resolveAppOptions(given: CreateAppOptions | Options = {}, cwd = process.cwd()): ResolvedAppOptions {
  const { defaults = {}, env = process.env, overrides = {} } = asCreateAppOptions(given);
  const fromEnv = readEnvOptions({
    env,
    cwd,
    skipPrivateKey: Boolean(overrides.privateKey ?? overrides.cert),
  });
  const { logFormat, logLevelInString, logMessageKey, sentryDsn, ...envOptions } = fromEnv;
  const options: Options = { ...withCurrentNames(defaults), ...envOptions, ...withCurrentNames(overrides) };
  return { options, logOptions: { logFormat, logLevelInString, logMessageKey, sentryDsn }, env };
}

/** Plain Options are taken as overrides rather than ignored. */
function asCreateAppOptions(given: CreateAppOptions | Options): CreateAppOptions {
  if (given === null || typeof given !== "object") return {};
  const keys = Object.keys(given);
  if (keys.length === 0 || keys.some((key) => key === "defaults" || key === "env" || key === "overrides")) {
    return given as CreateAppOptions;
  }
  return { overrides: given as Options };
}

/** So an `id` in `overrides` beats `APP_ID`; the deprecated keys stay, for their warnings. */
function withCurrentNames(layer: Options): Options {
  const named = { ...layer };
  if (named.privateKey === undefined && layer.cert !== undefined) named.privateKey = layer.cert;
  if (named.appId === undefined && layer.id !== undefined) named.appId = layer.id;
  return named;
}
