import { AppAggregateError } from "../errors.js";
import type { RegistrationInfo } from "../options/registrations.js";
import { abortContext } from "./abort-context.js";
import { DeadlineQueue } from "./deadline-queue.js";
import { deadlineError, resolveHandlerDeadline } from "./handler-deadline.js";
import { ABANDONED, runHandler, runHandlers, type HandlerOutcome } from "./run-handlers.js";
import { EVENT_NAME, requireFunction, validateEventName } from "./validate-event-name.js";

export type RoutedEvent = {
  id: string;
  name: string;
  payload: unknown;
  /** The action taken from `receive({ name: "issues.opened" })`; else the payload's is used. */
  action?: string | undefined;
  /** Which app registration it came for, when the App serves several (see `Registrations.route`). */
  registration?: RegistrationInfo | undefined;
};
type Handler<C> = (context: C) => unknown;
type ErrorHandler<C> = (error: AppAggregateError & { event: RoutedEvent; context?: C }) => unknown;
type RouterLog = { warn(message: string): unknown; error(object: object, message: string): unknown };

/** Absent without tracing, so a delivery pays one check. */
export type RouterInstrumentation = {
  /** Runs a whole delivery: `route()` is what the router does without instrumentation. */
  delivery(event: RoutedEvent, route: () => Promise<void>): Promise<void>;
  /** The handlers that match a delivery, each wrapped (say, in a span of its own). */
  handlers<C>(handlers: ReadonlyArray<(context: C) => unknown>, event: RoutedEvent): Array<(context: C) => unknown>;
};

export type EventRouterOptions<C = unknown> = {
  /** A handler still running after this is abandoned (Infinity: never). Default: 10 minutes. */
  handlerDeadlineMs?: number | undefined;
  /** Sees every received event, handled or not, before any handler runs (e.g. to drop cached config on a push). */
  observe?: ((event: RoutedEvent) => void) | undefined;
  /** Runs before the handlers of a delivery that has some, with their context; a promise it returns, they wait for. */
  prepare?: ((context: C) => Promise<void> | undefined) | undefined;
};

const DONE: Promise<void> = Promise.resolve();

/** A `Map`, so no event name (`__proto__`, `constructor`) can reach an object's prototype. */
export class EventRouter<C> {
  readonly handlerDeadlineMs: number;
  #handlers = new Map<string, Handler<C>[]>();
  #any: Handler<C>[] = [];
  #errorHandlers: ErrorHandler<C>[] = [];
  #warned = new Set<string>();
  #transform: (event: RoutedEvent) => C;
  #log: RouterLog;
  #deadlines: DeadlineQueue<HandlerOutcome> | undefined;
  #abandoned = 0;
  #observe: ((event: RoutedEvent) => void) | undefined;
  #prepare: ((context: C) => Promise<void> | undefined) | undefined;
  #instrumentation: RouterInstrumentation | undefined;

  constructor(transform: (event: RoutedEvent) => C, log: RouterLog, options: EventRouterOptions<C> = {}) {
    this.#transform = transform;
    this.#observe = options.observe;
    this.#prepare = options.prepare;
    this.#log = log;
    this.handlerDeadlineMs = resolveHandlerDeadline(options.handlerDeadlineMs);
    if (Number.isFinite(this.handlerDeadlineMs))
      this.#deadlines = new DeadlineQueue<HandlerOutcome>(this.handlerDeadlineMs, ABANDONED);
  }

  /** Wraps every later delivery and its handlers (tracing and metrics); `undefined` removes it. */
  instrument(instrumentation: RouterInstrumentation | undefined): void {
    this.#instrumentation = instrumentation;
  }

  get abandonedHandlers(): number {
    return this.#abandoned;
  }

  on(nameOrNames: string | readonly string[], handler: Handler<C>): void {
    const names = typeof nameOrNames === "string" ? [nameOrNames] : nameOrNames;
    for (const name of names) this.#add(validateEventName(name, this.#log, this.#warned), handler);
  }

  onAny(handler: Handler<C>): void {
    this.#any.push(requireFunction(handler, "onAny"));
  }

  onError(handler: ErrorHandler<C>): void {
    this.#errorHandlers.push(requireFunction(handler, "onError"));
  }

  removeListener(nameOrNames: string | readonly string[], handler: Handler<C>): void {
    const names = typeof nameOrNames === "string" ? [nameOrNames] : nameOrNames;
    for (const name of names) {
      const list = name === "*" ? this.#any : this.#handlers.get(name);
      const index = list ? list.indexOf(handler) : -1;
      if (index !== -1) list!.splice(index, 1);
    }
  }

  /** The names handlers were registered for with `on()` (not `onAny`), e.g. `["issues.opened", "push"]`. */
  eventNames(): string[] {
    return [...this.#handlers].filter(([, list]) => list.length > 0).map(([name]) => name);
  }

  matches(name: string, payload: unknown): boolean {
    return this.#handlersFor(name, payload).length > 0;
  }

  /** How many handlers a delivery of `name` with `payload` would run. */
  countHandlers(name: string, payload: unknown): number {
    return this.#handlersFor(name, payload).length;
  }

  /** `slot.context` gets the handlers' context, so a stopping server can abort it. */
  receive(event: RoutedEvent, slot?: { context?: unknown }): Promise<void> {
    try {
      if (this.#instrumentation) return this.#instrumentation.delivery(event, () => this.#route(event, slot));
      return this.#receive(event, slot);
    } catch (error) {
      // Say the observer or the transform threw: callers get a rejection, as from an async function.
      return Promise.reject(error);
    }
  }

  #route(event: RoutedEvent, slot: { context?: unknown } | undefined): Promise<void> {
    try {
      return this.#receive(event, slot);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #receive(event: RoutedEvent, slot: { context?: unknown } | undefined): Promise<void> {
    const action = typeof event.action === "string" ? event.action : undefined;
    this.#observe?.(event);
    let handlers = this.#handlersFor(event.name, event.payload, action);
    if (handlers.length === 0) return DONE;
    if (this.#instrumentation) handlers = this.#instrumentation.handlers(handlers, event);
    const context = this.#transform(event);
    if (slot) slot.context = context;
    const prepared = this.#prepare?.(context);
    if (prepared) return prepared.then(() => this.#run(event, context, handlers));
    return this.#run(event, context, handlers);
  }

  #run(event: RoutedEvent, context: C, handlers: Handler<C>[]): Promise<void> {
    if (handlers.length > 1) {
      return runHandlers(handlers, context, this.#deadlines, () => this.#abandon(event, context)).then((errors) =>
        errors === undefined ? undefined : this.#fail(event, context, errors),
      );
    }
    // Most deliveries: one handler. Written without async layers; see runHandler.
    const outcome = runHandler(handlers[0]!, context, this.#deadlines);
    if (outcome === undefined) return DONE;
    if (!(outcome instanceof Promise)) return this.#fail(event, context, [outcome as Error]);
    return outcome.then((settled) =>
      settled === undefined ? undefined : this.#fail(event, context, [this.#toError(settled, event, context)]),
    );
  }

  #toError(outcome: Error | typeof ABANDONED, event: RoutedEvent, context: C): Error {
    return outcome === ABANDONED ? this.#abandon(event, context) : outcome;
  }

  /**
   * A delivery refused before any handler ran (a signature that does not match, given to
   * `verifyAndReceive`): rejects as a failed delivery does, the onError hooks seeing it first, as
   * `@octokit/webhooks` does; the aggregate carries the error's `code` and `status`.
   */
  refuse(
    event: RoutedEvent,
    error: Error & { code?: string | undefined; status?: number | undefined },
  ): Promise<never> {
    return this.#fail(event, undefined as C, [error]).catch((aggregate: Error) => {
      throw Object.assign(aggregate, { code: error.code, status: error.status });
    });
  }

  /** Rejects with the aggregate of `errors`, after the onError hooks saw it. */
  async #fail(event: RoutedEvent, context: C, errors: Error[]): Promise<never> {
    // Not enumerable: a logged failure must not carry the payload (twice).
    const error = Object.defineProperties(new AppAggregateError(errors), {
      event: { value: event, enumerable: false },
      context: { value: context, enumerable: false },
    }) as AppAggregateError & { event: RoutedEvent; context: C };
    // Each error names its event too, as Probot's (`error.errors[0].event`), also out of the logs.
    for (const each of error.errors as unknown[]) {
      if (typeof each === "object" && each !== null && Object.isExtensible(each) && !Object.hasOwn(each, "event"))
        Object.defineProperty(each, "event", { value: event, enumerable: false, configurable: true, writable: true });
    }
    await this.#notifyErrorHandlers(error);
    throw error;
  }

  #handlersFor(name: string, payload: unknown, nameAction?: string): Handler<C>[] {
    if (typeof name !== "string" || !EVENT_NAME.test(name)) return [];
    const action = nameAction ?? (payload as { action?: unknown } | null)?.action;
    const specific = typeof action === "string" && action !== "" ? this.#handlers.get(`${name}.${action}`) : undefined;
    const general = this.#handlers.get(name);
    // Most deliveries match one list: hand it out as it is, no new array.
    if (!specific && !general) return this.#any;
    if (this.#any.length === 0 && !(specific && general)) return (specific ?? general)!;
    return [...(specific ?? []), ...(general ?? []), ...this.#any];
  }

  #add(name: string, handler: Handler<C>): void {
    requireFunction(handler, `on("${name}")`);
    const list = this.#handlers.get(name);
    if (list) list.push(handler);
    else this.#handlers.set(name, [handler]);
  }

  #abandon(event: RoutedEvent, context: C): Error {
    this.#abandoned++;
    const action = (event.payload as { action?: unknown } | null)?.action;
    const error = deadlineError(
      `A handler of ${typeof action === "string" ? `${event.name}.${action}` : event.name}`,
      this.handlerDeadlineMs,
    );
    // An AbortError, as fetch() and the client expect of an abort: it ends the
    // handler's requests at once instead of being retried as a network error.
    abortContext(context, Object.assign(new DOMException(error.message, "AbortError"), { cause: error }));
    return error;
  }

  /** onError hooks run concurrently, under the same deadline; a failing one is logged, never thrown. */
  async #notifyErrorHandlers(error: AppAggregateError & { event: RoutedEvent; context: C }): Promise<void> {
    if (this.#errorHandlers.length === 0) return;
    const failures = await runHandlers(this.#errorHandlers, error, this.#deadlines, () => {
      this.#abandoned++;
      return deadlineError("An onError handler", this.handlerDeadlineMs);
    });
    for (const failure of failures ?? []) {
      this.#log.error({ err: failure, id: error.event.id }, `An onError handler failed: ${failure.message}`);
    }
  }
}
