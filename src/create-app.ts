import { App } from "./app.js";
import { warnOnce } from "./deprecations.js";
import { isProduction } from "./helpers/is-production.js";
import { getLog } from "./log/get-log.js";
import { readEnvOptions } from "./options/read-env-options.js";
import { provideSharing, providedSharing } from "./app-sharing.js";
import { loadRedisSharing } from "./redis/load-redis-sharing.js";
import type { Options } from "./options/app-options.js";

export type CreateAppOptions = {
  defaults?: Options | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  overrides?: Options | undefined;
};

// `new App({ redisConfig })` shares through Redis too, wherever the package is loaded.
provideSharing(loadRedisSharing);

/** The webhook secret used outside production when none is set. */
export const DEVELOPMENT_SECRET = "development";

/**
 * Creates an `App` from `defaults`, then the environment (the variables of
 * CONTRACT.md, e.g. `APP_ID`, `PRIVATE_KEY`, `WEBHOOK_SECRET`), then
 * `overrides`, later ones winning.
 *
 * @example
 * const app = createApp({ overrides: { logLevel: "debug" } });
 */
export function createApp(given: CreateAppOptions | Options = {}): App {
  const { defaults = {}, env = process.env, overrides = {} } = asCreateAppOptions(given);
  const fromEnv = readEnvOptions({
    env,
    cwd: process.cwd(),
    skipPrivateKey: Boolean(overrides.privateKey ?? overrides.cert),
  });
  const { logFormat, logLevelInString, logMessageKey, sentryDsn, ...envOptions } = fromEnv;
  const options: Options = { ...withCurrentNames(defaults), ...envOptions, ...withCurrentNames(overrides) };
  const log =
    options.log ??
    getLog({ level: options.logLevel, logFormat, logLevelInString, logMessageKey, sentryDsn, env });
  if (!options.secret && !isProduction(env)) {
    options.secret = DEVELOPMENT_SECRET;
    log.warn(
      `No webhook secret is set: using "${DEVELOPMENT_SECRET}". Anyone can forge deliveries with it; ` +
        "set WEBHOOK_SECRET to the secret in the app's settings before exposing this server.",
    );
  }
  return new App({ createSharing: providedSharing(), ...options, log });
}

/**
 * `createApp(options)` with plain Options (none of `defaults`, `env`,
 * `overrides`) takes them as overrides, instead of ignoring them.
 */
function asCreateAppOptions(given: CreateAppOptions | Options): CreateAppOptions {
  if (given === null || typeof given !== "object") return {};
  const keys = Object.keys(given);
  if (keys.length === 0 || keys.some((key) => key === "defaults" || key === "env" || key === "overrides")) {
    return given as CreateAppOptions;
  }
  return { overrides: given as Options };
}

/**
 * A layer of options with its deprecated `cert` and `id` also set under their
 * current names, so that they take that layer's precedence: an `id` in
 * `overrides` beats `APP_ID`. The deprecated keys stay, for their warnings.
 */
function withCurrentNames(layer: Options): Options {
  const named = { ...layer };
  if (named.privateKey === undefined && layer.cert !== undefined) named.privateKey = layer.cert;
  if (named.appId === undefined && layer.id !== undefined) named.appId = layer.id;
  return named;
}

/**
 * Creates an `App` from plain options (with the environment underneath).
 * Deprecated: use `createApp({ defaults, env, overrides })`.
 *
 * @example
 * const app = deprecatedCreateApp({ appId: 1, privateKey });
 */
export function deprecatedCreateApp(options: Options = {}): App {
  const log = options.log ?? getLog({ level: options.logLevel });
  warnOnce("deprecatedCreateApp", "deprecatedCreateApp(options) is deprecated; use createApp({ overrides: options }).");
  return createApp({ overrides: { ...options, log } });
}
