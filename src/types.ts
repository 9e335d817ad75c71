import type { Hono } from "hono";
import type { RedisOptions } from "ioredis";
import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import type { EmitterWebhookEventName } from "@octokit/webhooks";
import type { AppClient } from "./client/app-client.js";
import type { TokenCache, TokenStore } from "./client/auth/token-store.js";
import type { ConfigCache } from "./config/config-cache.js";
import type { Logger, LogLevel } from "./log/get-log.js";
import type { RedisSharing } from "./redis/create-redis-sharing.js";
import type { CreateSharing } from "./app-sharing.js";
import type { App } from "./app.js";
import type { Context } from "./context.js";
import type { AppWebhooks } from "./webhooks/app-webhooks.js";

export type { Logger, LogLevel, TokenCache };

/** The HTTP router an app mounts its own routes on (a Hono app). */
export type Router = Hono;

/**
 * Options of an `App` (current shape; the earlier shape's fields are a subset).
 * Every field is optional here: `createApp` fills `Client`, `cache` and `log`.
 */
export type Options = {
  /** Base REST client class: `AppClient` or a subclass from `AppClient.defaults()`. */
  Client?: typeof AppClient | undefined;
  appId?: number | string | undefined;
  /** Platform API base address, for GitHub Enterprise Server (`https://host/api/v3`). */
  baseUrl?: string | undefined;
  /** Installation tokens by installation id (an `lru-cache`). */
  cache?: TokenCache | undefined;
  platformToken?: string | undefined;
  log?: Logger | undefined;
  privateKey?: string | undefined;
  /** ioredis options or a `redis://` URL; enables sharing between instances. */
  redisConfig?: RedisOptions | string | undefined;
  /** Builds what instances share through `redisConfig` (createApp() supplies it). */
  createSharing?: CreateSharing | undefined;
  /** @deprecated Set `throttle` through the Client's defaults instead. */
  throttleOptions?: Partial<ThrottlingOptions> | undefined;
  /** @deprecated Use `privateKey`. */
  cert?: string | undefined;
  host?: string | undefined;
  /** @deprecated Use `appId`. */
  id?: number | undefined;
  logLevel?: LogLevel | undefined;
  /** A ready-made app-level client. */
  client?: AppClient | undefined;
  port?: number | undefined;
  /** @deprecated Use `getRouter()` from the application function argument. */
  router?: Router | undefined;
  /** The webhook secret. */
  secret?: string | undefined;
  /**
   * More accepted webhook secrets, for a rotation: a delivery signed with any
   * of them verifies (and the log says which). `secret` still signs.
   */
  additionalSecrets?: readonly string[] | undefined;
  /**
   * A handler still running this long after its delivery arrived is
   * abandoned: logged, counted, `context.signal` aborted. Default 600000
   * (10 minutes); `Infinity` never abandons.
   */
  handlerDeadlineMs?: number | undefined;
  webhookPath?: string | undefined;
  webhookProxy?: string | undefined;
  webhooks?: AppWebhooks | undefined;
};

/** What an `App` runs on, derived from its `Options`. */
export type State = {
  Client: typeof AppClient;
  appId?: number | undefined;
  baseUrl?: string | undefined;
  cache?: TokenCache | undefined;
  platformToken?: string | undefined;
  host?: string | undefined;
  log: Logger;
  client: AppClient;
  port?: number | undefined;
  privateKey?: string | undefined;
  webhookProxy?: string | undefined;
  webhooks: { path?: string | undefined; secret?: string | undefined };
  /** Earlier shape. */
  id?: number | undefined;
  /** Earlier shape. */
  throttleOptions?: unknown;
  redisConfig?: RedisOptions | string | undefined;
  /** What instances share through Redis, when `redisConfig` is set. */
  redis?: RedisSharing | undefined;
  /** Mints and caches the app's JWT and installation tokens (with app credentials only). */
  tokens?: TokenStore | undefined;
  /** Config files read by the app's clients, with ETags (see docs/config.md). */
  configCache?: ConfigCache | undefined;
};

/** Environment variables, as in `process.env`. */
export type AdditionalOptions = { env: Record<string, string | undefined> };

export type CreateAppOptions = {
  defaults?: Options | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  overrides?: Options | undefined;
};

/** Server settings: `port`, `host`, `webhookPath`, `webhookProxy`, ... */
export type ServerOptions = {
  host?: string | undefined;
  port?: number | undefined;
  webhookPath?: string | undefined;
  webhookProxy?: string | undefined;
  log?: Logger | undefined;
};

export type Parameters = {
  defaults?: Partial<ServerOptions> | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  overrides?: Partial<ServerOptions> | undefined;
};

export type ApplicationFunctionOptions = {
  app: App;
  /** A router mounted at `path` (or at the root) for the app's own routes. */
  getRouter: (path?: string) => Router;
};

/** An app: registers handlers on `app`; may mount routes with `getRouter`. */
export type ApplicationFunction = (options: ApplicationFunctionOptions) => void | Promise<void>;

/** What the earlier shape of an application function is given: the app. */
export type Application = App;

/** The earlier shape: `(app) => { app.on(...) }`. Still accepted. */
export type DeprecatedApplicationFunction = (app: Application) => void | Promise<void>;

export type MiddlewareOptions = {
  App?: typeof App | undefined;
  app: App;
};

export type OnCallback<E extends EmitterWebhookEventName = EmitterWebhookEventName> = (
  context: Context<E>,
) => Promise<void>;

/** Resolves an app function id (a path or package name) to a file. */
export type Resolver = (appFnId: string, options: { basedir: string }) => string;

export type FactoryOptions = {
  [key: string]: unknown;
  client: AppClient;
  clientOptions: ConstructorParameters<typeof AppClient>[0] & {
    auth?: Record<string, unknown>;
    throttle?: Record<string, unknown>;
  };
};

/** Generic constructor type. */
export type Constructor<T> = new (...args: any[]) => T;
