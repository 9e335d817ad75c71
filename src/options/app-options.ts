import type { RedisOptions } from "ioredis";
import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import type { RequestRequestOptions } from "@octokit/types";
import type { Webhooks } from "@octokit/webhooks";
import type { Hono } from "hono";
import type { AppClient } from "../client/app-client.js";
import type { TokenCache } from "../client/auth/token-store.js";
import type { Logger } from "../log/get-log.js";
import type { LogOptions } from "../log/log-options.js";
import type { RegistrationOptions } from "./registrations.js";

/**
 * What the `plugins` option holds: app.ts adds `list`, the `AppPlugin`s, by
 * declaration merging, so that these options name no App (app.ts imports them).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppOptionsPlugins {}

/**
 * Options of an `App`, as the specification gives them: `Client`, `cache` and
 * `log` are required (both shapes require `Client` and `cache`). `new App()`
 * and `createApp()` take any part of them (`AppOptions`) and fill in the rest.
 */
export type Options = {
  /** Base REST client class: `AppClient` or a subclass from `AppClient.defaults()`. */
  Client: typeof AppClient;
  /** Installation tokens by installation id (an `lru-cache`). */
  cache: TokenCache;
  log: Logger;
} & Omit<AppOptions, "Client" | "cache" | "log">;

/**
 * What `new App()` and `createApp()` take: every field of `Options`, each
 * optional. A missing `Client` is `AppClient`, a missing `cache` a new
 * token cache, a missing `log` the framework's logger (`getLog`).
 */
export type AppOptions = {
  Client?: typeof AppClient | undefined;
  appId?: number | string | undefined;
  /** Platform API base address, for GitHub Enterprise Server (`https://host/api/v3`). */
  baseUrl?: string | undefined;
  /**
   * Request options for every client the app makes and for its token exchanges, as Probot's:
   * `request: { fetch }` sends through your own `fetch` (a proxy's, for instance).
   */
  request?: RequestRequestOptions | undefined;
  /** Installation tokens by installation id (an `lru-cache`). */
  cache?: TokenCache | undefined;
  platformToken?: string | undefined;
  log?: Logger | undefined;
  privateKey?: string | undefined;
  /** ioredis options or a `redis://` URL; enables sharing between instances. */
  redisConfig?: RedisOptions | string | undefined;
  /**
   * Features that attach to this App when it is made, after its class's own
   * (`App.plugin(...)`): each is `(app, options) => additions`. The package
   * root's `App` and `createApp()` already bring the Redis sharing plugin.
   */
  plugins?: (AppOptionsPlugins extends { list: infer List } ? List : never) | undefined;
  /** @deprecated Set `throttle` through the Client's defaults instead. */
  throttleOptions?: Partial<ThrottlingOptions> | undefined;
  /** @deprecated Use `privateKey`. */
  cert?: string | undefined;
  host?: string | undefined;
  /** @deprecated Use `appId`. */
  id?: number | undefined;
  /** A ready-made app-level client. */
  client?: AppClient | undefined;
  port?: number | undefined;
  /**
   * A Hono app mounted at the root of the server, as `getRouter()`'s routes are.
   * @deprecated Use `getRouter()` from the application function argument.
   */
  router?: Hono | undefined;
  secret?: string | undefined;
  /**
   * Several app registrations served by this one App (see docs/registrations.md):
   * each delivery is routed by its app id and verified with that registration's
   * secret. Instead of `appId`, `privateKey`, `secret` and `baseUrl`.
   */
  registrations?: readonly RegistrationOptions[] | undefined;
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
  /**
   * An `@octokit/webhooks` `Webhooks`: its secret verifies deliveries (beside
   * `secret`), and its handlers run for each delivery, beside the app's.
   */
  webhooks?: Webhooks<any> | undefined;
} & LogOptions;
