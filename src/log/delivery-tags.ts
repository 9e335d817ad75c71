/** The event name and installation of one delivery, for Sentry's tags. */
export type DeliveryTags = { event: string; installation?: number | undefined };

/** One Sentry stream's memory of the deliveries its logger's contexts saw. */
export type DeliveryTagStore = {
  remember(id: string, tags: DeliveryTags): void;
  get(id: unknown): DeliveryTags | undefined;
};

// Enough for the deliveries in flight; the oldest is forgotten first.
const MAX_DELIVERIES = 1000;
/** Where a logger with a Sentry stream keeps its store; pino's children inherit it (their prototype is the parent). */
const STORE = Symbol("deliveryTags");

/**
 * A Sentry stream's store: `context.log` binds only Probot's
 * `{ name: "event", id }`, so Sentry finds the event and installation here by
 * delivery id.
 *
 * @example
 * const tags = createDeliveryTagStore();
 * tags.remember("d-1", { event: "issues", installation: 5 });
 * tags.get("d-1"); // { event: "issues", installation: 5 }
 */
export function createDeliveryTagStore(): DeliveryTagStore {
  const deliveries = new Map<string, DeliveryTags>();
  return {
    remember(id, tags) {
      deliveries.delete(id);
      deliveries.set(id, tags);
      if (deliveries.size > MAX_DELIVERIES) deliveries.delete(deliveries.keys().next().value!);
    },
    get: (id) => (typeof id === "string" ? deliveries.get(id) : undefined),
  };
}

/** `logger`, carrying `store`: the contexts of Apps logging through it remember their deliveries there. */
export function withDeliveryTags<L extends object>(logger: L, store: DeliveryTagStore): L {
  Object.defineProperty(logger, STORE, { value: store });
  return logger;
}

/**
 * Remembers a delivery's event name and installation for the Sentry stream
 * of `log`, if it has one: loggers without Sentry remember nothing.
 *
 * @example
 * rememberDelivery(app.log, "d-1", { event: "issues", installation: 5 });
 */
export function rememberDelivery(log: object, id: string, tags: DeliveryTags): void {
  (Reflect.get(log, STORE) as DeliveryTagStore | undefined)?.remember(id, tags);
}
