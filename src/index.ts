// The public API of gh-app-kit: everything not exported here is internal.
export { App } from "./create-app.js";
export type { AppPlugin, ErrorHandler, LoadOptions } from "./app.js";
export type { AppPluginAdditions, DeliveryTracing } from "./app-plugin.js";
export { Context } from "./context.js";
/**
 * The class every `Context` is, under the name an app augments to add members to all contexts, as
 * Probot apps augmented Probot's `Context` class:
 * `declare module "gh-app-kit" { interface EventContext { label(): Promise<string[]> } }`.
 */
export type { Context as EventContext } from "./event-context.js";
export { createDefaultApp, defaultApp, defaultAppFns } from "./apps/default.js";
export type { CreateDefaultAppOptions } from "./apps/default.js";
export { getPublicDomain } from "./apps/get-public-domain.js";
export type { GetPublicDomainOptions } from "./apps/get-public-domain.js";
export { getWelcomeMessage } from "./apps/get-welcome-message.js";
export { createWebhookProxy } from "./proxy/create-webhook-proxy.js";
export type { WebhookProxy, WebhookProxyOptions } from "./proxy/create-webhook-proxy.js";
export { appMeta, didFailRetrievingAppMeta, getAppMeta } from "./app-meta.js";
export type { AppsGetAuthenticatedResponse } from "./app-meta.js";
export { checkEventSubscriptions } from "./check-event-subscriptions.js";
export type { CheckEventSubscriptionsOptions } from "./check-event-subscriptions.js";
export { AppClient } from "./client/app-client.js";
export { RequestError } from "./client/request-error.js";
export { GraphqlResponseError } from "./client/graphql-response-error.js";
export type { RequestErrorOptions } from "./client/request-error.js";
export { auth, getAuthenticatedClient } from "./client/get-authenticated-client.js";
export { createAppAuthStrategy } from "./client/auth/auth-strategy.js";
export type { AppAuth, Authentication } from "./client/auth/auth-strategy.js";
export { CLIENT_DEFAULTS, PRIMARY_RATE_LIMIT_RETRIES, SECONDARY_RATE_LIMIT_RETRIES } from "./client/defaults.js";
export { createApp, deprecatedCreateApp, DEVELOPMENT_SECRET } from "./create-app.js";
export { BASE_KEY, BASE_REGEX, CONFIG_PATH, DEFAULT_BASE } from "./config/constants.js";
export { ConfigCache, createConfigCache } from "./config/config-cache.js";
export type { ConfigCacheOptions } from "./config/config-cache.js";
export type { ConfigApi, ConfigPluginOptions } from "./client/plugins/config.js";
export type {
  ConfigFile,
  Configuration,
  DefaultsFunction,
  GetConfigOptions,
  GetConfigResult,
  MergeOptions,
  ReposGetContentsParams,
} from "./config/types.js";
export { DEPRECATED_APP_KEYS, deprecatedKeys, didDeprecate } from "./deprecations.js";
export type { DeprecatedKey } from "./deprecations.js";
export { AppAggregateError, AppError, APP_ERROR_CODES, isAppError } from "./errors.js";
export type { AppErrorCode } from "./errors.js";
export { bindMethod } from "./helpers/bind-method.js";
export { aliasLog } from "./log/alias-log.js";
export type { DeprecatedLogger } from "./log/alias-log.js";
export { getLog, LOG_LEVELS } from "./log/get-log.js";
export type { GetLogOptions, LogLevel, Logger } from "./log/get-log.js";
export { flushSentry } from "./log/sentry.js";
export { getPrivateKey, PRIVATE_KEY_HINT } from "./private-key/get-private-key.js";
export { run } from "./run/run.js";
export type { RunningServer, RunOptions, RunOverrides } from "./run/run.js";
export { receive } from "./receive/receive.js";
export type { ReceiveApp, ReceiveOptions, ReceiveResult } from "./receive/receive.js";
export { createNodeMiddleware } from "./server/create-node-middleware.js";
export type { NodeMiddleware, NodeMiddlewareOptions } from "./server/create-node-middleware.js";
export { createServer } from "./server/create-server.js";
export { Server, type ProbotServerOptions } from "./server/probot-server.js";
export type { AppServer, CreateServerOptions, ListenInfo, ServerStats } from "./server/create-server.js";
export { createLambdaHandler } from "./server/create-lambda-handler.js";
export type { LambdaHandler, LambdaHandlerOptions } from "./server/create-lambda-handler.js";
export { createWebHandler } from "./server/create-web-handler.js";
export type { WebHandlerOptions } from "./server/create-web-handler.js";
export { VERSION } from "./version.js";
export { AppWebhooks } from "./types/index.js";
export type {
  AdditionalOptions,
  AppOptions,
  Application,
  ApplicationFunction,
  ApplicationFunctionOptions,
  Constructor,
  CreateAppOptions,
  DeprecatedApplicationFunction,
  FactoryOptions,
  MiddlewareOptions,
  OnCallback,
  Options,
  Parameters,
  RegistrationInfo,
  RegistrationOptions,
  Resolver,
  Router,
  ServerOptions,
  State,
  TokenCache,
} from "./types/index.js";
