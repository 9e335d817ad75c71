import type { EmitterWebhookEvent, EmitterWebhookEventName } from "@octokit/webhooks";
import type { AppClient } from "./client/app-client.js";
import { Context as EventContext, type ContextHost } from "./event-context.js";
import type { Logger } from "./log/get-log.js";
import type { RegistrationInfo } from "./options/registrations.js";

export type { ContextHost } from "./event-context.js";

/** Every event name a delivery can carry: `"issues"`, never `"issues.opened"`. */
type EventName = Exclude<EmitterWebhookEventName, `${string}.${string}`>;

type EventPayload<N extends string> = EmitterWebhookEvent<Extract<N, EventName>>["payload"];

/**
 * The payload of `E`: for `"issues.opened"`, the `issues` payloads whose
 * action is `"opened"`. Picked from the event's payloads rather than built
 * by intersection: a union of every event's payloads stays the size of the
 * payload types, where intersections make one TypeScript refuses as too complex.
 */
type Payload<E extends EmitterWebhookEventName> = WithInstallation<
  E extends `${infer N}.${infer Action}`
    ? OrElse<Extract<EventPayload<N>, { action: Action }>, EmitterWebhookEvent<E>["payload"]>
    : EventPayload<E>
>;

/** `{ id, node_id }`: the installation a delivery to an app names. */
type Installation = NonNullable<EmitterWebhookEvent<"push">["payload"]["installation"]>;

/**
 * Each payload of the union with an optional `installation`: the schema leaves it out of a few
 * (`pull_request.demilestoned`), which Probot 10 to 13's payload types had on every event, and
 * which apps read from a whole event's payload (`context.payload.installation?.id`).
 */
type WithInstallation<P> = P extends unknown
  ? "installation" extends keyof P
    ? P
    : P & { installation?: Installation }
  : never;

/** `T`, or `Otherwise` when `T` is `never` (`repository_dispatch`'s free-text actions). */
type OrElse<T, Otherwise> = [T] extends [never] ? Otherwise : T;
type DeliveredEvent = { id: string; name: string; payload: unknown; registration?: RegistrationInfo | undefined };

/**
 * One delivered event, as handlers see it: the payload of event `E`, a client
 * authenticated for the event's installation, and a logger that carries the
 * delivery id.
 *
 * `Context` alone (no event named) is `Context<any>`: it takes a context of any event, and is
 * taken wherever a `Context<E>` is asked, as Probot's was. Apps' tests declare `let context:
 * Context`, build it, and hand it to handlers typed `Context<"pull_request.opened">`. Two named
 * events still have to agree: a `Context<"issues">` is no `Context<"pull_request">`.
 *
 * @example
 * app.on("issues.opened", async (context) => {
 *   await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
 * });
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- `Context` alone, as Probot's (see above)
export type Context<E extends EmitterWebhookEventName = any> = EventContext<Payload<E>, NameOf<E>>;

/** The event's own name, as Probot's handlers had it: `"pull_request"` for `"pull_request.opened"`. */
type NameOf<E extends EmitterWebhookEventName> = E extends `${infer N}.${string}` ? Extract<N, EventName> : E;

/** `true` when `T` is a union of several types. */
type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/**
 * The event a typed event names: its name, with its payload's action when that is one action of the
 * event (`"issues.opened"`); a payload of `any`, or of several actions, names the whole event.
 */
type EventOf<N extends EventName, P> = 0 extends 1 & P
  ? N
  : P extends { action: infer A extends string }
    ? true extends IsUnion<A>
      ? N
      : OrElse<Extract<`${N}.${A}`, EmitterWebhookEventName>, N>
    : N;

type TypedEvent = { id: string; name: EventName; payload: unknown; registration?: RegistrationInfo | undefined };

/** An event typed `any` (a fixture read with `require`) makes a `Context<any>`, taken wherever a context is asked, as Probot's were. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as `Context` alone
type ContextEventOf<V extends TypedEvent> = 0 extends 1 & V ? any : EventOf<V["name"], V["payload"]>;

type ContextConstructor = {
  /** As the framework makes it: the client and logger come from the app, on first use. */
  new <E extends EmitterWebhookEventName = EmitterWebhookEventName>(
    event: DeliveredEvent,
    host: ContextHost,
  ): Context<E>;
  /**
   * As Probot's `new Context(event, octokit, log)`: the client and logger are used as given, and the
   * event's type names the context's: an `EmitterWebhookEvent<"issues.opened">` (of any version of
   * @octokit/webhooks) makes a `Context<"issues.opened">`, taken by a handler typed for it.
   */
  new <V extends TypedEvent>(event: V, client: AppClient, log: Logger): Context<ContextEventOf<V>>;
  /** As Probot's `new Context(event, octokit, log)`, with an event of no type of its own: the client and logger are used as given. */
  new <E extends EmitterWebhookEventName = EmitterWebhookEventName>(
    event: DeliveredEvent,
    client: AppClient,
    log: Logger,
  ): Context<E>;
  readonly prototype: Context;
};

/** The `Context` class: `new Context(event, client, log)` and `instanceof Context` work as in Probot. */
export const Context = EventContext as unknown as ContextConstructor;
