import { emitterEventNames } from "@octokit/webhooks";
import { AppAggregateError, AppError, toError } from "../errors.js";

export type RoutedEvent = { id: string; name: string; payload: unknown };
type Handler<C> = (context: C) => unknown;
type ErrorHandler<C> = (error: AppAggregateError & { event: RoutedEvent; context?: C }) => unknown;
type RouterLog = { warn(message: string): unknown; error(object: object, message: string): unknown };

/** Event and action names as the platform sends them; anything else is unknown. */
const NAME = /^[a-z][a-z0-9_]*$/;
const ACTION = /^[^\s]+$/;
const KNOWN_NAMES: ReadonlySet<string> = new Set(emitterEventNames);

/**
 * Routes an event to its handlers: those of `event.action`, of `event`, and
 * of `onAny`, all run concurrently. Handlers live in a `Map`, so no event
 * name (`__proto__`, `constructor`, ...) can reach an object's prototype.
 */
export class EventRouter<C> {
  #handlers = new Map<string, Handler<C>[]>();
  #any: Handler<C>[] = [];
  #errorHandlers: ErrorHandler<C>[] = [];
  #warned = new Set<string>();
  #transform: (event: RoutedEvent) => C;
  #log: RouterLog;

  constructor(transform: (event: RoutedEvent) => C, log: RouterLog) {
    this.#transform = transform;
    this.#log = log;
  }

  on(nameOrNames: string | readonly string[], handler: Handler<C>): void {
    const names = typeof nameOrNames === "string" ? [nameOrNames] : nameOrNames;
    for (const name of names) this.#add(validateName(name, this.#log, this.#warned), handler);
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

  /** True when at least one handler would run for this event. */
  matches(name: string, payload: unknown): boolean {
    return this.#handlersFor(name, payload).length > 0;
  }

  /**
   * Runs every matching handler; rejects with an `AggregateError` of the
   * failures (each an `Error`, whatever was thrown) after the others finish.
   */
  async receive(event: RoutedEvent): Promise<void> {
    const handlers = this.#handlersFor(event.name, event.payload);
    if (handlers.length === 0) return;
    const context = this.#transform(event);
    const errors: Error[] = [];
    if (handlers.length === 1) {
      try {
        await handlers[0]!(context);
      } catch (error) {
        errors.push(toError(error));
      }
    } else {
      const results = await Promise.allSettled(handlers.map((handler) => invoke(handler, context)));
      for (const result of results) if (result.status === "rejected") errors.push(toError(result.reason));
    }
    if (errors.length === 0) return;
    const error = Object.assign(new AppAggregateError(errors), { event, context });
    await this.#notifyErrorHandlers(error);
    throw error;
  }

  #handlersFor(name: string, payload: unknown): Handler<C>[] {
    if (typeof name !== "string" || !NAME.test(name)) return [];
    const action = (payload as { action?: unknown } | null)?.action;
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

  async #notifyErrorHandlers(error: AppAggregateError & { event: RoutedEvent; context: C }): Promise<void> {
    for (const handler of this.#errorHandlers) {
      try {
        await handler(error);
      } catch (failure) {
        this.#log.error({ err: toError(failure), id: error.event.id }, "An onError handler failed");
      }
    }
  }
}

async function invoke<C>(handler: Handler<C>, context: C): Promise<unknown> {
  return handler(context);
}

function requireFunction<T>(handler: T, where: string): T {
  if (typeof handler !== "function") {
    throw new AppError("EVENT_NAME_INVALID", `${where} needs a handler function, got ${typeof handler}.`);
  }
  return handler;
}

function validateName(name: unknown, log: RouterLog, warned: Set<string>): string {
  if (typeof name !== "string" || name.length === 0) {
    throw new AppError("EVENT_NAME_INVALID", `An event name must be a non-empty string, got ${typeof name}.`, {
      hint: 'Use a name like "issues" or "issues.opened".',
    });
  }
  if (name === "*") throw new AppError("EVENT_NAME_INVALID", 'Use app.onAny(handler) instead of app.on("*").');
  if (name === "error") throw new AppError("EVENT_NAME_INVALID", 'Use app.onError(handler) instead of app.on("error").');
  const dot = name.indexOf(".");
  const event = dot === -1 ? name : name.slice(0, dot);
  const action = dot === -1 ? undefined : name.slice(dot + 1);
  // Actions are free text for some events (repository_dispatch's event_type).
  if (!NAME.test(event) || (action !== undefined && !ACTION.test(action))) {
    throw new AppError("EVENT_NAME_INVALID", `"${name}" is not an event name.`, {
      hint: 'Event names look like "issues" or "issues.opened": a lower-case event, then optionally a dot and the action.',
    });
  }
  if (!KNOWN_NAMES.has(name) && !warned.has(name)) {
    warned.add(name);
    log.warn(`"${name}" is not a known webhook event name; its handler runs only if the platform sends it.`);
  }
  return name;
}
