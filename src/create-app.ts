import { App as CoreApp } from "./app.js";
import { DEVELOPMENT_SECRET, secretDecided } from "./webhooks/development-secret.js";
import { warnOnce } from "./deprecations.js";
import { isProduction } from "./helpers/is-production.js";
import { getLog } from "./log/get-log.js";
import type { AppOptions } from "./options/app-options.js";
import { resolveAppOptions, type CreateAppOptions, type ResolvedAppOptions } from "./options/resolve-app-options.js";
import { deliveryQueue } from "./queue/queue-sharing.js";
import { redisSharing } from "#redis-sharing";

export type { CreateAppOptions } from "./options/resolve-app-options.js";

/**
 * The package's `App`: the core App with the Redis sharing and delivery
 * queue plugins, as `octokit`'s Octokit is `@octokit/core`'s with its
 * plugins. So `new App({ redisConfig })`, as Probot apps write it, shares
 * through Redis and can open a delivery queue there; without `redisConfig`
 * the plugins load nothing.
 */
export const App: typeof CoreApp = CoreApp.plugin(redisSharing, deliveryQueue);
export type App = CoreApp;

export { DEVELOPMENT_SECRET };

/**
 * Creates an `App` from `defaults`, then the environment (the variables of
 * CONTRACT.md, e.g. `APP_ID`, `PRIVATE_KEY`, `WEBHOOK_SECRET`), then
 * `overrides`, later ones winning.
 *
 * @example
 * const app = createApp({ overrides: { logLevel: "debug" } });
 */
export function createApp(given: CreateAppOptions | AppOptions = {}): App {
  return createResolvedApp(resolveAppOptions(given));
}

/**
 * The environment is not read again; outside production, the development
 * secret fills a missing one (unless a `webhooks` instance brings its own).
 */
export function createResolvedApp({ options: resolved, logOptions, env }: ResolvedAppOptions): App {
  const options = { ...resolved };
  const log = options.log ?? getLog({ level: options.logLevel, ...logOptions, env });
  // Each of several registrations brings its own secret.
  if (!options.secret && !options.webhooks && !options.registrations && !isProduction(env)) {
    // Said by app.webhooks when a server takes deliveries or one is verified (AppWebhooks.warnIfDevelopmentSecret).
    options.secret = DEVELOPMENT_SECRET;
  }
  const given = { ...options, log };
  secretDecided.add(given); // from createApp's own env, which may say production where process.env does not
  return new App(given);
}

/**
 * Creates an `App` from plain options (with the environment underneath).
 * Deprecated: use `createApp({ defaults, env, overrides })`.
 *
 * @example
 * const app = deprecatedCreateApp({ appId: 1, privateKey });
 */
export function deprecatedCreateApp(options: AppOptions = {}): App {
  const { logLevel: level, logFormat, logLevelInString, logMessageKey, sentryDsn } = options;
  const log = options.log ?? getLog({ level, logFormat, logLevelInString, logMessageKey, sentryDsn });
  warnOnce("deprecatedCreateApp", "deprecatedCreateApp(options) is deprecated; use createApp({ overrides: options }).");
  return createApp({ overrides: { ...options, log } });
}
