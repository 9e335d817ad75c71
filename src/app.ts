import type { EmitterWebhookEventName } from "@octokit/webhooks";
import { AppClient } from "./client/app-client.js";
import type { AppAuth } from "./client/auth/auth-strategy.js";
import { createTokenCache, TokenStore } from "./client/auth/token-store.js";
import { createClient, createClientWithAuth } from "./client/get-authenticated-client.js";
import { createAppFunctionArgument, type AppFunctionOptionsOf, type Router } from "./app-function-argument.js";
import { createConfigCache } from "./config/config-cache.js";
import { dropPushedConfig } from "./config/drop-pushed-config.js";
import { defineLazyProperty } from "./helpers/define-lazy-property.js";
import { Context } from "./context.js";
import { AppError, type AppAggregateError } from "./errors.js";
import { aliasLog, type DeprecatedLogger } from "./log/alias-log.js";
import { getLog, type Logger } from "./log/get-log.js";
import { registerSecret } from "./log/secrets.js";
import {
  applyPlugins,
  withPlugins,
  type AppPluginAdditions,
  type AppPluginOf,
  type DeliveryTracing,
} from "./app-plugin.js";
import { resolveOptions } from "./resolve-options.js";
import type { AppOptions } from "./options/app-options.js";
import type { State } from "./state.js";
import { VERSION } from "./version.js";
import { AppWebhooks } from "./webhooks/app-webhooks.js";
import type { RoutedEvent } from "./webhooks/event-router.js";

const CLAIMED_HERE_MAX = 10_000;

type Handler<E extends EmitterWebhookEventName> = (context: Context<E>) => unknown;
/** What `app.webhooks` hands its handlers besides the event's own keys (the spec's current shape). */
type WebhooksContext = Omit<Context, "id" | "name" | "payload">;
export type ErrorHandler = (error: AppAggregateError & { event: RoutedEvent; context?: Context }) => unknown;
/** What became of a verified delivery (see `App.receiveVerified`). */
export type DeliveryOutcome = "handled" | "duplicate" | "elsewhere";

// The application-function types as `load` takes them; application-function.ts
// names them for users. Spelled here so that app.ts imports nothing that imports it.
type ApplicationFunction = (options: AppFunctionOptionsOf<App>) => void | Promise<void>;
type DeprecatedApplicationFunction = (app: App) => void | Promise<void>;

export type LoadOptions = { getRouter?: ((path?: string) => Router) | undefined };

/**
 * A feature that attaches to an App when it is made, as Octokit's plugins
 * do: it gets the App and its options, and returns what it adds (see
 * `AppPluginAdditions`, src/app-plugin.ts).
 *
 * @example
 * const hello: AppPlugin = (app) => {
 *   app.on("installation.created", (context) => context.log.info("Hello"));
 * };
 * const app = createApp({ overrides: { plugins: [hello] } });
 */
export type AppPlugin = AppPluginOf<App, AppOptions>;

declare module "./options/app-options.js" {
  interface AppOptionsPlugins {
    list: readonly AppPlugin[];
  }
}

/**
 * An app: handlers registered by event name, a platform client for each
 * event, and the credentials and settings in `state`.
 *
 * @example
 * const app = new App({ appId: 1, privateKey, secret });
 * app.on("issues.opened", async (context) => {
 *   await context.client.issues.createComment(context.issue({ body: "Hello" }));
 * });
 */
export class App {
  static version = VERSION;
  /** The plugins every App of this class is made with, before those of its `plugins` option. */
  static readonly plugins: readonly AppPlugin[] = [];

  /**
   * A subclass whose Apps are made with these plugins too, after this class's
   * own, as Octokit's `plugin()`: a plugin already there is not added again.
   *
   * @example
   * const TracedApp = App.plugin(telemetry.plugin);
   * const app = new TracedApp({ appId, privateKey, secret });
   */
  static plugin<T extends typeof App>(this: T, ...plugins: AppPlugin[]): T {
    const all = withPlugins(this.plugins, plugins);
    return class extends (this as typeof App) {
      static override readonly plugins = all;
    } as T;
  }

  readonly version = VERSION;
  readonly state: State;
  #log!: DeprecatedLogger;
  /** Callable as the earlier shape's logger; writable, as Probot's `log`, with any `Logger` (kept as it is). */
  get log(): DeprecatedLogger {
    return this.#log;
  }
  set log(log: Logger) {
    this.#log = log as DeprecatedLogger;
  }
  /** The current shape: handlers get the event's own fields and a `Context`'s others. */
  readonly webhooks: AppWebhooks<WebhooksContext>;
  /** Trace context for deliveries that cross processes, when a plugin (telemetry) gives it. */
  readonly tracing: DeliveryTracing | undefined;
  /** Delivery ids this instance claimed lately (Redis sharing), to tell its own duplicates from others'. */
  readonly #claimedHere = new Set<string>();

  constructor(options: AppOptions = {}) {
    const { logLevel: level, logFormat, logLevelInString, logMessageKey, sentryDsn } = options;
    const log = options.log ?? getLog({ level, logFormat, logLevelInString, logMessageKey, sentryDsn });
    this.log = aliasLog(log);
    const resolved = resolveOptions(options);
    // With a platform token, events use it and the app credentials are
    // neither checked nor used, as in Probot.
    const appCredentials = !options.platformToken && resolved.appId !== undefined && Boolean(resolved.privateKey);
    const cache = options.cache ?? (appCredentials ? createTokenCache() : undefined);
    // Given by the plugins, which run once the state and the webhooks exist (below).
    let plugged: AppPluginAdditions = {};
    registerSecret(options.secret);
    registerSecret(options.platformToken);
    const secrets = acceptedSecrets(options.secret, options.additionalSecrets);
    const state: State = {
      Client: undefined as unknown as typeof AppClient,
      appId: resolved.appId,
      id: resolved.appId,
      baseUrl: options.baseUrl,
      cache: cache as State["cache"],
      platformToken: options.platformToken,
      host: options.host,
      log,
      client: undefined as unknown as AppClient,
      port: options.port,
      privateKey: resolved.privateKey,
      webhookProxy: options.webhookProxy,
      webhooks: { path: options.webhookPath, secret: options.secret },
      throttleOptions: undefined as unknown as State["throttleOptions"],
      router: options.router,
      redisConfig: options.redisConfig,
      redis: undefined,
      tokens: undefined,
    };
    // The token cache, the config cache and the clients are built on first use.
    if (!cache) defineLazyProperty(state, "cache", () => createTokenCache());
    defineLazyProperty(state, "configCache", () => createConfigCache());
    defineLazyProperty(state, "Client", () => {
      const Client = resolved.Client ?? AppClient;
      const shared = state.redis ? Client.defaults({ throttle: state.redis.throttle.options as never }) : Client;
      return plugged.wrapClient ? plugged.wrapClient(shared) : shared;
    });
    defineLazyProperty(state, "client", () => options.client ?? createClient(state));
    defineLazyProperty(state, "throttleOptions", () => resolved.throttleInUse(state.redis?.throttle.options));
    this.state = state;
    this.webhooks =
      (resolved.webhooks as AppWebhooks<WebhooksContext> | undefined) ??
      new AppWebhooks<WebhooksContext>({
        secrets,
        adopted: resolved.adopted,
        handlerDeadlineMs: options.handlerDeadlineMs,
        // Every push, handled or not, before any handler of it runs: none reads a file it changed from the cache.
        observe: (event) => {
          // A config cache not built yet holds nothing to drop.
          const built = event.name === "push" ? Object.getOwnPropertyDescriptor(state, "configCache") : undefined;
          if (built && "value" in built && built.value) dropPushedConfig(built.value, event.payload);
        },
        transform: (event) => new Context(event, this),
        log,
      });
    plugged = applyPlugins(this, withPlugins((new.target as typeof App).plugins, options.plugins ?? []), options);
    if (options.redisConfig && !plugged.sharing) {
      throw new AppError(
        "OPTION_INVALID",
        "redisConfig is set, but no plugin of this App supplies the Redis sharing.",
        {
          hint: 'Create the app with createApp(), or import App from "gh-app-kit" (its App brings the sharing plugin).',
        },
      );
    }
    state.redis = plugged.sharing;
    this.tracing = plugged.tracing;
    if (appCredentials) {
      state.tokens = new TokenStore({
        appId: resolved.appId!,
        privateKey: resolved.privateKey!,
        cache: cache!,
        log,
        baseUrl: options.baseUrl,
        shared: state.redis?.tokens,
        hooks: plugged.tokenExchange,
      });
    }
  }

  /** Runs `handler` for the named events (`"issues"`, `"issues.opened"`, or a list). */
  on<E extends EmitterWebhookEventName>(eventName: E | E[], handler: Handler<E>): void {
    this.webhooks.on(eventName, handler as never);
  }

  /** Runs `handler` for every event. */
  onAny(handler: Handler<EmitterWebhookEventName>): void {
    this.webhooks.onAny(handler as never);
  }

  /** Runs `handler` with the aggregate error when handlers of an event fail. */
  onError(handler: ErrorHandler): void {
    this.webhooks.onError(handler as never);
  }

  /**
   * Delivers one event to every matching handler, concurrently. Rejects with
   * an iterable `AggregateError` of the handlers' errors.
   */
  receive(given: { id?: string | undefined; name: string; payload: unknown }): Promise<void> {
    return this.webhooks.receive(splitEventName(given) as never);
  }

  /**
   * Runs the handlers of a delivery whose signature was verified, as the
   * server does: once across instances when they share deliveries through
   * Redis. Resolves "handled" when they ran here (rejects when they failed),
   * "duplicate" when an instance already handled it, "elsewhere" when
   * another instance is running it now. `slot` receives the delivery's context.
   *
   * @example
   * const outcome = await app.receiveVerified({ id, name, payload });
   */
  async receiveVerified(event: RoutedEvent, slot?: { context?: unknown }): Promise<DeliveryOutcome> {
    const claims = this.state.redis?.deliveries;
    if (!claims) {
      await this.webhooks.router.receive(event, slot);
      return "handled";
    }
    const claim = await claims.claim(event.id);
    if (claim.status !== "claimed") {
      const state = claim.status === "done" ? "was already handled" : "is being handled";
      const where = this.#claimedHere.has(event.id) ? "by this instance (a duplicate delivery)" : "by another instance";
      this.state.log.info(
        { id: event.id, event: event.name },
        `Delivery ${event.id} ${state} ${where}; not running it again.`,
      );
      return claim.status === "done" ? "duplicate" : "elsewhere";
    }
    this.#claimedHere.add(event.id);
    // Bounded: the oldest ids go first; a redelivery days later is the platform's, not ours.
    if (this.#claimedHere.size > CLAIMED_HERE_MAX) this.#claimedHere.delete(this.#claimedHere.values().next().value!);
    try {
      await this.webhooks.router.receive(event, slot);
    } catch (error) {
      void claim.release("failed");
      throw error;
    }
    void claim.release("done");
    return "handled";
  }

  /** Loads one or several application functions (both shapes). */
  load(appFn: ApplicationFunction | readonly ApplicationFunction[], options?: LoadOptions): Promise<void>;
  load(
    appFn: DeprecatedApplicationFunction | readonly DeprecatedApplicationFunction[],
    options?: LoadOptions,
  ): Promise<void>;
  load(appFn: ReadonlyArray<ApplicationFunction | DeprecatedApplicationFunction>, options?: LoadOptions): Promise<void>;
  async load(
    appFn:
      | ApplicationFunction
      | DeprecatedApplicationFunction
      | ReadonlyArray<ApplicationFunction | DeprecatedApplicationFunction>,
    { getRouter }: LoadOptions = {},
  ): Promise<void> {
    const appFns = Array.isArray(appFn) ? appFn : [appFn];
    // The first function is called at once, as Probot does, so `app.load(fn)`
    // without await has registered fn's handlers.
    for (const fn of appFns) {
      if (typeof fn !== "function") {
        throw new AppError("APP_FUNCTION_INVALID", `An application function must be a function, got ${typeof fn}.`, {
          hint: "Export the app as the module's default export: export default (({ app }) => { ... }).",
        });
      }
      // Probot calls appFn(app, options): apps written as (app, { getRouter }) => ... destructure the
      // second, and guard with `typeof getRouter === "function"`, so outside a server it has no
      // getRouter, as Probot's. The first argument's getRouter (the spec's) throws a clear error there.
      const options = getRouter ? { getRouter, cwd: process.cwd() } : { cwd: process.cwd() };
      await (fn as (argument: unknown, options: unknown) => unknown)(
        createAppFunctionArgument(this, getRouter ?? routerUnavailable),
        options,
      );
    }
  }

  /**
   * A client for the installation, or for the app itself without an id.
   * Handlers should use `context.client` instead.
   */
  async auth(installationId?: number, log?: Logger): Promise<AppClient> {
    return createClient(this.state, installationId, log);
  }

  /** Releases what the app holds open (the Redis connection, when sharing). */
  async close(): Promise<void> {
    await this.state.redis?.close();
  }

  /** The client of one event: its installation's, tagged with the delivery id. */
  createEventClient(event: { id: string; name: string; payload: unknown }, log: Logger): AppClient {
    const client = createClientWithAuth(this.state, eventAuth(this.state, event), log);
    // A Context's signal aborts when its handlers are abandoned; so do its requests.
    const signal = (event as { signal?: AbortSignal }).signal;
    // A test double given as `Client` may have no hooks; Probot never needs them either.
    if (typeof client.hook?.before !== "function") return client;
    client.hook.before("request", (options) => {
      if (event.id !== undefined) options.headers["x-github-delivery"] = event.id;
      if (signal && options.request && options.request.signal === undefined) options.request.signal = signal;
    });
    return client;
  }
}

function eventAuth(state: State, { name, payload }: { name: string; payload: unknown }): AppAuth {
  const { installation, action } = (payload ?? {}) as { installation?: { id?: unknown }; action?: unknown };
  const installationId = installation?.id;
  if (name === "installation" && (action === "deleted" || action === "suspend")) {
    return {
      type: "unauthenticated",
      reason: `the installation was ${action === "deleted" ? "deleted" : "suspended"}, so the platform issues no token for it`,
    };
  }
  if (state.tokens && typeof installationId === "number") {
    return { type: "installation", installationId, tokens: state.tokens };
  }
  if (state.platformToken) return { type: "token", token: state.platformToken };
  if (typeof installationId !== "number") {
    return { type: "unauthenticated", reason: `the "${name}" event has no installation to act for` };
  }
  return {
    type: "unauthenticated",
    reason: "no credentials are set: set APP_ID and PRIVATE_KEY (or GITHUB_TOKEN)",
  };
}

/** `secret` first (it signs), then the rotation's other secrets; each scrubbed from logs. */
function acceptedSecrets(secret: string | undefined, additional: readonly string[] | undefined): string[] {
  if (
    additional !== undefined &&
    (!Array.isArray(additional) || additional.some((value) => typeof value !== "string" || value === ""))
  ) {
    throw new AppError("OPTION_INVALID", "additionalSecrets must be a list of non-empty strings.", {
      hint: "Pass the previous webhook secret(s): additionalSecrets: [oldSecret].",
    });
  }
  for (const value of additional ?? []) registerSecret(value);
  return [...(secret ? [secret] : []), ...(additional ?? [])];
}

function routerUnavailable(): never {
  throw new AppError("APP_FUNCTION_INVALID", "getRouter() is only available when the app runs in a server.", {
    hint: "Start the app with `app run`, createServer() or createNodeMiddleware() to mount routes.",
  });
}

/** Apps' tests call `receive({ name: "issues.opened" })`: run it as the platform would send it. */
function splitEventName<E extends { name: string }>(event: E): E & { action?: string } {
  const dot = typeof event.name === "string" ? event.name.indexOf(".") : -1;
  if (dot <= 0) return event;
  return { ...event, name: event.name.slice(0, dot), action: event.name.slice(dot + 1) };
}
