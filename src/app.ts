import type { EmitterWebhookEventName } from "@octokit/webhooks";
import type { Hono } from "hono";
import type { AppClient } from "./client/app-client.js";
import { createEventClient } from "./client/event-client.js";
import { createClient } from "./client/get-authenticated-client.js";
import { loadAppClient } from "./client/client-loader.js";
import { prepareContext } from "./replaced-auth.js";
import { Registrations } from "./client/registrations.js";
import type { AppFunctionArgument, AppFunctionOptionsOf, NodeHandler, Router } from "./app-function-argument.js";
import { dropPushedConfig } from "./config/drop-pushed-config.js";
import { Context } from "./context.js";
import { attachAdditions, createState } from "./create-state.js";
import { warnOnce, withEventName } from "./deprecations.js";
import { splitEventName, type Delivery, type DeliveryOutcome } from "./delivery/delivery.js";
import { DeliveryDoor, type DeliverOptions } from "./delivery/delivery-door.js";
import type { OpenDeliveryPort } from "./delivery/delivery-port.js";
import { logFailedDelivery } from "./delivery/log-failed-delivery.js";
import type { AppAggregateError } from "./errors.js";
import { earlierRouter, loadAppFunctions } from "./load-app-functions.js";
import { aliasLog, type DeprecatedLogger } from "./log/alias-log.js";
import { scrubbedLog } from "./log/scrubbed-log.js";
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
import { applyRegistrations } from "./options/registrations.js";
import type { State } from "./state.js";
import { VERSION } from "./version.js";
import { acceptedSecrets } from "./webhooks/accepted-secrets.js";
import { DEVELOPMENT_SECRET, secretDecided } from "./webhooks/development-secret.js";
import { isProduction } from "./helpers/is-production.js";
import { AppWebhooks } from "./webhooks/app-webhooks.js";
import { withProbotOptionNames } from "./options/probot-option-names.js";
import type { EventRouter, RoutedEvent } from "./webhooks/event-router.js";

export type { DeliveryOutcome } from "./delivery/delivery.js";

type Handler<E extends EmitterWebhookEventName> = (context: Context<E>) => unknown;
/** `E` not inferred from (`NoInfer`): the names pick the events, and a `Context<"pull_request">` handler fits. */
type Named<E> = [E][E extends unknown ? 0 : never];
/** What `app.webhooks` hands its handlers besides the event's own keys (the spec's current shape). */
type WebhooksContext = Omit<Context, "id" | "name" | "payload">;
export type ErrorHandler = (error: AppAggregateError & { event: RoutedEvent; context?: Context }) => unknown;

// The app-function types as `load` takes them (application-function.ts names them), spelled here against a circle.
// Its parameter is the argument load passes (load-app-functions.ts): `{ app, getRouter }`, which is also the App,
// so Probot's one-parameter shape written inline, `probot.load((app) => { app.on(...) })`, type-checks as there.
type ApplicationFunction = (options: AppFunctionArgument<App>) => void | Promise<void>;
type DeprecatedApplicationFunction = (app: App, options: AppFunctionOptionsOf<App>) => void | Promise<void>;

/** `addHandler`: Probot 14's, in the second argument of an app function in Probot's shape. */
/** A loader's: `getRouter` may give Hono's own router (one not served, in a test or `app receive`). */
export type LoadOptions = { getRouter?: (path?: string) => Hono; addHandler?: (handler: NodeHandler) => void };

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
    const Plugged = class extends (this as typeof App) {
      static override readonly plugins = all;
    };
    // The package's `App` is such a class: it keeps the name (`app.constructor.name`, as Probot's).
    Object.defineProperty(Plugged, "name", { value: this.name });
    return Plugged as T;
  }

  /**
   * A subclass whose Apps are made with these options under the ones given
   * (a given key wins), as Probot's `Probot.defaults()`.
   *
   * @example
   * const TestApp = App.defaults({ appId: 1, privateKey, Client: TestClient });
   * const app = new TestApp({ logLevel: "error" });
   */
  static defaults<T extends typeof App>(this: T, given: AppOptions): T {
    const defaults = withProbotOptionNames(given, "App.defaults()");
    return class extends (this as typeof App) {
      constructor(options: AppOptions = {}) {
        super({ ...defaults, ...withProbotOptionNames(options) });
      }
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
  /** Opens a delivery queue (queue mode), when a plugin (the queue) gives it; the App needs Redis sharing too. */
  readonly openQueue: OpenDeliveryPort | undefined;
  readonly #door: DeliveryDoor;
  /** The deliveries `receive()` (and `app.webhooks.receive`, `verifyAndReceive`) took: their failures are logged. */
  readonly #logged = new WeakSet<object>();
  /** The app registrations served (see docs/registrations.md); one unless `registrations` lists several. */
  readonly registrations: Registrations;

  constructor(probotNamed: AppOptions = {}) {
    const given = withProbotOptionNames(probotNamed);
    const { options, name, others } = withDevelopmentSecret(applyRegistrations(given), given);
    const { logLevel: level, logFormat, logLevelInString, logMessageKey, sentryDsn } = options;
    // A logger the app gives writes where the app chose: what goes through it is scrubbed on the way in.
    const log = options.log
      ? scrubbedLog(options.log)
      : getLog({ level, logFormat, logLevelInString, logMessageKey, sentryDsn });
    this.log = aliasLog(log);
    const resolved = resolveOptions(options);
    // Given by the plugins, which run once the state and the webhooks exist (below).
    let plugged: AppPluginAdditions = {};
    const state = createState(options, resolved, log, () => plugged);
    registerSecret(options.platformToken);
    const secrets = acceptedSecrets(options.secret, options.additionalSecrets);
    this.state = state;
    this.#door = new DeliveryDoor(state, () => this.webhooks.router as EventRouter<unknown>, {
      // Each registration's deliveries are claimed under its own scope.
      claimsOf: (delivery) => this.registrations.of(delivery).sharing?.deliveries,
    });
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
          const own = event.name === "push" ? this.registrations.of(event).credentials : undefined;
          if (own && own !== state && own.configCache) dropPushedConfig(own.configCache, event.payload);
        },
        // Each context names its registration (the first when deliveries are not routed).
        transform: (event) =>
          new Context(event.registration ? event : { ...event, registration: this.registrations.primary.info }, this),
        // `app.webhooks.receive` and `verifyAndReceive` come in through the App's door too.
        deliver: (event) => this.#deliverLogged(event),
        prepare: (context) => prepareContext(this, context), // the client loaded; a replaced auth() honoured
        log,
      });
    // Probot's own error handler is the first: a failed receive() is logged before the app's onError handlers run.
    this.webhooks.router.onError((error) => {
      if (this.#logged.has(error.event)) logFailedDelivery(this.log, error);
    });
    plugged = applyPlugins(this, withPlugins((new.target as typeof App).plugins, options.plugins ?? []), options);
    attachAdditions(state, options, resolved, plugged);
    // After the plugins: the other registrations share through the same sharing plugin, each under its own scope.
    this.registrations = new Registrations({
      primary: state,
      primaryName: name,
      primarySecrets: secrets,
      others,
      plugged,
      log,
      fetch: options.request?.fetch as typeof fetch | undefined,
    });
    this.tracing = plugged.tracing;
    this.openQueue = plugged.openQueue;
  }

  /** Runs `handler` for the named events (`"issues"`, `"issues.opened"`, or a list). */
  on<E extends EmitterWebhookEventName>(eventName: E | E[], handler: Handler<Named<E>>): void {
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

  /** Delivers one event to every matching handler, concurrently; rejects with the handlers' `AggregateError`. */
  receive(given: { id?: string | undefined; name: string; payload: unknown }): Promise<void> {
    // Probot 7 to 9's `{ event, payload }` with no name at all: their emitter ran nothing, and resolved.
    if (nameless(given) && Object.hasOwn(given, "event") && typeof (given as { event?: unknown }).event !== "string") {
      warnOnce(
        "receive-event-nameless",
        "receive({ event, payload }) without an event name ran no handler: name the event `name`.",
      );
      return Promise.resolve();
    }
    return this.#deliverLogged(splitEventName(withEventName(given)) as Delivery).then(nothing);
  }

  /** `receive()`'s way in: a failure is logged, as Probot's, before the onError handlers see it (above). */
  #deliverLogged(delivery: Delivery): Promise<DeliveryOutcome> {
    this.#logged.add(delivery);
    return this.deliver(delivery);
  }

  /**
   * The one door into the handlers, which every host uses (`app receive`,
   * the server, the queue's worker): see `DeliveryDoor` for the options.
   * Resolves the delivery's outcome; rejects with the handlers' `AggregateError`.
   *
   * @example
   * const outcome = await app.deliver({ id, name, payload }, { once: true });
   */
  deliver(delivery: Delivery, options?: DeliverOptions): Promise<DeliveryOutcome> {
    return this.#door.deliver(delivery, options);
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
    { getRouter, addHandler }: LoadOptions = {},
  ): Promise<void> {
    await loadAppFunctions(this, Array.isArray(appFn) ? appFn : [appFn], getRouter, addHandler);
  }

  /**
   * A client for the installation, or for the app itself without an id:
   * then the app's one client (`state.client`), the same at every call, as
   * Probot's `auth()` answers its `state.octokit`. Handlers should use
   * `context.client` instead.
   */
  async auth(installationId?: number, log?: Logger): Promise<AppClient> {
    await loadAppClient();
    if (!installationId) return this.state.client;
    return createClient(this.state, installationId, log);
  }

  /**
   * @deprecated Probot 7 to 10's router of the application: take `getRouter` from the app
   * function's argument. The router of the server that loaded the app last (before any, one that
   * is not served). Warns once per process.
   */
  route(path?: string): Router {
    warnOnce("app.route", "app.route() is deprecated; use getRouter(path) from the app function's argument.");
    return earlierRouter(this, path);
  }

  /** @deprecated Probot 7 to 10's `app.router`: `route()` without a path. Warns once per process. */
  get router(): Router {
    warnOnce("app.router", "app.router is deprecated; use getRouter() from the app function's argument.");
    return earlierRouter(this);
  }

  /** Resolves the app itself: it is ready once built (Probot 14 apps await `probot.ready()` first). */
  async ready(): Promise<this> {
    return this;
  }

  /** Releases what the app holds open (the Redis connection, when sharing). */
  async close(): Promise<void> {
    await Promise.all([this.state.redis?.close(), this.registrations.close()]);
  }

  /** The client of one event: its installation's, tagged with the delivery id. */
  createEventClient(event: { id: string; name: string; payload: unknown }, log: Logger): AppClient {
    return createEventClient(this.registrations.of(event).credentials, event, log);
  }
}

function nothing(): void {}

/**
 * Without a secret (and no `webhooks` or `registrations` bringing their own), outside production,
 * deliveries are signed and verified with "development", as `new Probot()` (10 to 14) and
 * `createApp` do; said once where deliveries come in (`AppWebhooks.warnIfDevelopmentSecret`).
 */
function withDevelopmentSecret<T extends { options: AppOptions }>(applied: T, given: AppOptions): T {
  const { options } = applied;
  if (options.secret || options.webhooks || given.registrations !== undefined || secretDecided.has(given))
    return applied;
  const env = (globalThis as { process?: { env?: NodeJS.ProcessEnv } }).process?.env ?? {};
  if (isProduction(env)) return applied;
  return { ...applied, options: { ...options, secret: DEVELOPMENT_SECRET } };
}

/** No event name given under `name`. */
function nameless(given: { name?: unknown }): boolean {
  return given.name === undefined || given.name === null || given.name === "";
}
