import type { EmitterWebhookEventName } from "@octokit/webhooks";
import type { AppClient } from "./client/app-client.js";
import type { MergeOptions } from "./config/types.js";
import { warnOnce } from "./deprecations.js";
import { AppError } from "./errors.js";
import { rememberDelivery } from "./log/delivery-tags.js";
import { aliasLog, type DeprecatedLogger } from "./log/alias-log.js";
import type { Logger } from "./log/get-log.js";
import type { RegistrationInfo } from "./options/registrations.js";
import { ABORT_CONTEXT } from "./webhooks/abort-context.js";

/** What a `Context` needs from its app: a logger and a client factory. */
export type ContextHost = {
  log: Logger;
  createEventClient(event: { id: string; name: string; payload: unknown }, log: Logger): AppClient;
};

type RepoPayload = {
  repository?: { name: string; owner: { login: string } };
  issue?: { number: number };
  pull_request?: { number: number };
  number?: number;
  installation?: { id: number };
  sender?: { type?: string };
};

type EventName = Exclude<EmitterWebhookEventName, `${string}.${string}`>;

/**
 * A context's host, client, logger and abort controller, kept beside it rather than in private
 * fields: TypeScript compares a class with private fields by name, and Probot's Context had none,
 * so an app's own context type (`EmitterWebhookEvent<E> & Omit<Context, keyof EmitterWebhookEvent>`)
 * is a Context as it was with Probot.
 */
type State = {
  host?: ContextHost;
  client?: AppClient;
  log?: Logger | DeprecatedLogger | undefined;
  abort?: AbortController;
};
const STATE = new WeakMap<object, State>();

function stateOf(context: object): State {
  let state = STATE.get(context);
  if (!state) STATE.set(context, (state = {}));
  return state;
}

type DeliveredEvent = { id: string; name: string; payload: unknown; registration?: RegistrationInfo | undefined };

/**
 * The class behind `Context` (see ./context.ts), typed by its payload `P`
 * (and its name `N`, the event's own as in Probot's handlers: `"pull_request"`)
 * rather than by an event name: TypeScript then compares two contexts by
 * their payloads, so a `Context<"pull_request.opened">` is accepted where a
 * `Context<"pull_request">` is expected, as in Probot.
 *
 * One delivered event, as handlers see it: the payload, a client
 * authenticated for the event's installation, and a logger that carries the
 * delivery id. `client` and `log` are built on first use.
 *
 * Apps' unit tests may build one as Probot's: `new Context(event, client, log)`
 * (a fake client and logger are used as given).
 *
 * @example
 * app.on("issues.opened", async (context) => {
 *   await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
 * });
 */
export class Context<P = unknown, N extends string = EventName> {
  /** `"issues"`, never `"issues.opened"`: the action is in the payload. */
  readonly name: N;
  readonly id: string;
  readonly payload: P;
  /**
   * Which app registration the delivery came for: `{ appId, name, baseUrl }`
   * (see docs/registrations.md). Undefined in a context built by hand.
   */
  readonly registration: RegistrationInfo | undefined;

  /** As the framework makes it: the client and logger come from the app, on first use. */
  constructor(event: DeliveredEvent, host: ContextHost);
  /** As Probot's `new Context(event, octokit, log)`: the client and logger are used as given. */
  constructor(event: DeliveredEvent, client: AppClient, log: Logger);
  constructor(event: DeliveredEvent, hostOrClient: ContextHost | AppClient, log?: Logger) {
    this.name = event.name as N;
    this.id = event.id;
    this.payload = event.payload as P;
    this.registration = event.registration;
    // `new Context(event)` alone, as some apps' unit tests make one, holds no client and no logger.
    if (
      log === undefined &&
      typeof (hostOrClient as Partial<ContextHost> | undefined)?.createEventClient === "function"
    ) {
      STATE.set(this, { host: hostOrClient as ContextHost });
    } else {
      STATE.set(this, { client: hostOrClient as AppClient, log });
    }
    // Own and enumerable, as Probot's `octokit` and `log`: a copy of the context
    // (`{ ...context }`, `Object.assign({}, context, { repo })`) keeps its client and logger.
    Object.defineProperties(this, OWN_ACCESSORS);
  }

  /** The platform client, authenticated for this event's installation. */
  get client(): AppClient {
    const state = stateOf(this);
    if (!state.host) return state.client as AppClient;
    return (state.client ??= state.host.createEventClient(this, this.log));
  }

  /** Replaces the client, as apps' tests and handlers replace Probot's `context.octokit`. */
  set client(client: AppClient) {
    stateOf(this).client = client;
  }

  /**
   * @deprecated Probot 9 and 10's name of `client`, kept for extensions installed from npm that
   * read it (`app migrate` renames it in the app's own code). Warns once per process.
   */
  get github(): AppClient {
    warnOnce("context.github", "context.github is deprecated; use context.client (app migrate renames it).");
    return this.client;
  }

  /** Replaces the client, as apps' tests assigned Probot 9 and 10's `context.github`. Warns once per process. */
  set github(client: AppClient) {
    warnOnce("context.github", "context.github is deprecated; use context.client (app migrate renames it).");
    this.client = client;
  }

  /**
   * @deprecated Probot 10 to 14's name of `client`, kept for code `app migrate` cannot tie to an
   * event context (a helper that takes it under a name of its own) and for extensions installed
   * from npm. Assigning it replaces the client. Warns once per process.
   */
  get octokit(): AppClient {
    warnOnce("context.octokit", OCTOKIT_DEPRECATED);
    return this.client;
  }

  set octokit(client: AppClient) {
    warnOnce("context.octokit", OCTOKIT_DEPRECATED);
    this.client = client;
  }

  /**
   * @deprecated Probot 9 and 10's name of `name` (`context.event === "push"`), gone in Probot 11;
   * kept for apps and extensions of that time. Warns once per process.
   */
  get event(): N {
    warnOnce("context.event", "context.event is deprecated; use context.name (app migrate lists each place).");
    return this.name;
  }

  /**
   * The app's logger with Probot's bindings, `{ name: "event", id }`: apps'
   * tests compare whole records. (Sentry still tags the event and installation.)
   * Callable, as Probot 10 to 12's (`context.log("x")` logs at info); a logger
   * given or assigned is used as it is.
   */
  get log(): DeprecatedLogger {
    const state = stateOf(this);
    if (state.log || !state.host) return state.log as DeprecatedLogger;
    rememberDelivery(state.host.log, this.id, {
      event: this.name,
      installation: (this.payload as RepoPayload).installation?.id,
    });
    const log = state.host.log.child({ name: "event", id: this.id });
    // The App's own logger gives callable children; one an app assigned to `app.log` may not.
    return (state.log = typeof log === "function" ? (log as DeprecatedLogger) : aliasLog(log));
  }

  /** Replaces the logger (`context.log = context.log.child({ ... })`), as Probot's `log`. */
  set log(log: Logger) {
    stateOf(this).log = log;
  }

  /**
   * Aborted when the framework abandons this delivery's handlers at
   * `handlerDeadlineMs` (the reason: an `AbortError` whose `cause` is the
   * `HANDLER_DEADLINE_EXCEEDED` error). Pass it to slow work
   * (`fetch(url, { signal })`) so it stops too; `context.client` requests
   * already use it. Made on first use, so deliveries that never read it pay nothing.
   */
  get signal(): AbortSignal {
    return (stateOf(this).abort ??= new AbortController()).signal;
  }

  /** @internal Called by the event router when it abandons this delivery's handlers. */
  [ABORT_CONTEXT](reason: unknown): void {
    (stateOf(this).abort ??= new AbortController()).abort(reason);
  }

  /** True when a bot (a GitHub App, not a user) caused this event. */
  get isBot(): boolean {
    return (this.payload as RepoPayload).sender?.type === "Bot";
  }

  /**
   * `{ owner, repo }` of the event's repository, merged with `object`. `T` unconstrained, as Probot's:
   * a constraint would widen the literals a method asks for (`status: "in_progress"`) to `string`.
   */
  repo<T = {}>(object?: T): { owner: string; repo: string } & T {
    const repository = (this.payload as RepoPayload).repository;
    if (!repository) {
      throw new AppError(
        "CONTEXT_NO_REPOSITORY",
        // Probot's sentence first: apps' tests expect it (toThrow("context.repo() is not supported ...")).
        `context.repo() is not supported for this webhook event. It needs a repository, and the "${this.name}" event's payload has none.`,
        { hint: "Only call repo(), issue() and pullRequest() for events that concern a repository." },
      );
    }
    return { owner: repository.owner.login, repo: repository.name, ...(object as T) };
  }

  /** `{ owner, repo, issue_number }` of the event's issue or pull request. */
  issue<T = {}>(object?: T): { owner: string; repo: string; issue_number: number } & T {
    // The number first, as Probot lists it (tests compare the object's JSON).
    return { issue_number: numberOf(this.payload), ...this.repo(object) };
  }

  /** `{ owner, repo, pull_number }` of the event's pull request. */
  pullRequest<T = {}>(object?: T): { owner: string; repo: string; pull_number: number } & T {
    return { pull_number: numberOf(this.payload), ...this.repo(object) };
  }

  /**
   * The repository's `.github/<fileName>` (YAML or JSON), or the owner's
   * `.github` repository's when the repository has none, with its `_extends`
   * bases, deep-merged over `defaults`. When no file exists: the defaults, or null without them.
   * See docs/config.md.
   *
   * @example
   * const config = await context.config("my-app.yml", { greeting: "Hi" });
   */
  config<T extends object = Record<string, unknown>>(
    fileName: string,
    defaults: T,
    deepMergeOptions?: MergeOptions,
  ): Promise<T>;
  config<T extends object = Record<string, unknown>>(
    fileName: string,
    defaults?: T,
    deepMergeOptions?: MergeOptions,
  ): Promise<T | null>;
  async config<T extends object = Record<string, unknown>>(
    fileName: string,
    defaults?: T,
    deepMergeOptions?: MergeOptions,
  ): Promise<T | null> {
    // Loaded here, not with the context: most deliveries never read a config file.
    const { getRepoConfig } = await import("./config/get-repo-config.js");
    return getRepoConfig<T>(this.client, this.repo(), fileName, defaults, deepMergeOptions);
  }
}

/** The issue's or pull request's number of an event's payload. */
function numberOf(payload: unknown): number {
  const repoPayload = payload as RepoPayload;
  return (repoPayload.issue ?? repoPayload.pull_request ?? repoPayload).number as number;
}

/** `client` and `log` as own properties of each context: the class's accessors, enumerable. */
const OCTOKIT_DEPRECATED = "context.octokit is deprecated; use context.client (app migrate renames it).";

const OWN_ACCESSORS: PropertyDescriptorMap = Object.fromEntries(
  (["client", "log"] as const).map((key) => [
    key,
    { ...Object.getOwnPropertyDescriptor(Context.prototype, key), enumerable: true, configurable: true },
  ]),
);
