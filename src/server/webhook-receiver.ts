import type { App } from "../app.js";
import { KEPT_HEADERS, storedRegistrationOf, type DeliveryOutcome, type KeptHeader } from "../delivery/delivery.js";
import { DeliveryLimit } from "../delivery/delivery-limit.js";
import type { DeliveryPort } from "../delivery/delivery-port.js";
import { InFlight } from "../delivery/in-flight.js";
import { failureMessage, isAppError, toError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { scrubSecrets } from "../log/secrets.js";
import { SIGNATURE_HINT, SIGNATURE_MISMATCH } from "../webhooks/app-webhooks.js";
import type { RoutedEvent } from "../webhooks/event-router.js";
import { DeadlineQueue } from "../webhooks/deadline-queue.js";
import { parsePayload } from "./parse-payload.js";
import { routeDelivery, type VerifiedDelivery } from "./route-delivery.js";
import { TARGET_ID_HEADER } from "../client/registrations.js";
import {
  ACCEPTED_ANSWER,
  DUPLICATE_ANSWER,
  ELSEWHERE_ANSWER,
  duplicateAnswer,
  errorAnswer,
  limitAnswer,
  missingHeaders,
  NOT_CONFIGURED_ANSWER,
  queuedAnswer,
  QUEUE_UNAVAILABLE_ANSWER,
  OK_ANSWER,
  tooLargeAnswer,
  type WebhookAnswer,
} from "./webhook-answer.js";

export type WebhookHeader =
  "x-github-event" | "x-github-delivery" | "x-hub-signature-256" | "content-type" | KeptHeader;

/** How the pipeline reads one kind of request (a Web `Request`, a Node `IncomingMessage`). */
export type WebhookAdapter<R> = {
  header(request: R, name: WebhookHeader): string | null | undefined;
  /** The body's bytes, or null as soon as it is known to exceed `limit` (reading stops there). */
  readBody(request: R, limit: number): Promise<Uint8Array | null>;
};

export type WebhookReceiverOptions = {
  log: Logger;
  handlerTimeoutMs: number;
  maxBodyBytes: number;
  maxConcurrentDeliveries: number;
  /** No credentials yet: deliveries cannot be handled, so they are refused with 503 (and redelivered later). */
  setupMode?: boolean;
  /** Where verified deliveries run: stored through this port for workers (queue mode), or, without one, here. */
  deliveryQueue?: DeliveryPort | undefined;
};

const OUTCOME_ANSWERS: Record<DeliveryOutcome, WebhookAnswer> = {
  handled: OK_ANSWER,
  duplicate: DUPLICATE_ANSWER,
  elsewhere: ELSEWHERE_ANSWER,
};

// No Error is made as the module loads: on workerd its stack trace cost about 11 ms of a cold start.
const BAD_SIGNATURE = errorAnswer(400, `${SIGNATURE_MISMATCH} ${SIGNATURE_HINT}`);

/**
 * Nothing is parsed or run before the signature over the exact bytes matches;
 * a delivery that succeeds costs no logger, child logger or timer of its own.
 */
export class WebhookReceiver {
  readonly inFlight = new InFlight();
  readonly #app: App;
  readonly #log: Logger;
  readonly #maxBodyBytes: number;
  readonly #tooLarge: WebhookAnswer;
  readonly #deadlines: DeadlineQueue<WebhookAnswer>;
  readonly limit: DeliveryLimit;
  readonly #busy: WebhookAnswer;
  readonly #rotationSeen = new Set<number>();
  readonly #setupMode: boolean;
  readonly #queue: DeliveryPort | undefined;
  #warnedSetupMode = false;

  constructor(
    app: App,
    {
      log,
      handlerTimeoutMs,
      maxBodyBytes,
      maxConcurrentDeliveries,
      setupMode = false,
      deliveryQueue,
    }: WebhookReceiverOptions,
  ) {
    this.#app = app;
    this.#setupMode = setupMode;
    this.#queue = deliveryQueue;
    this.#log = log;
    this.#deadlines = new DeadlineQueue(handlerTimeoutMs, ACCEPTED_ANSWER);
    this.#maxBodyBytes = maxBodyBytes;
    this.limit = new DeliveryLimit(maxConcurrentDeliveries, this.inFlight, log);
    this.#busy = limitAnswer(maxConcurrentDeliveries);
    this.#tooLarge = tooLargeAnswer(maxBodyBytes);
  }

  async receive<R>(adapter: WebhookAdapter<R>, request: R): Promise<WebhookAnswer> {
    const name = adapter.header(request, "x-github-event");
    const id = adapter.header(request, "x-github-delivery");
    const signature = adapter.header(request, "x-hub-signature-256");
    if (!name || !id || !signature) return missingHeaders(name, id, signature);
    if (this.#setupMode) return this.#notConfigured(id, name);
    // Before the body is read: a refused delivery costs no memory.
    if (!this.limit.admits(id)) return this.#busy;
    const body = await adapter.readBody(request, this.#maxBodyBytes);
    if (body === null) return this.#tooLarge;
    if (this.#app.registrations.several) {
      const targetId = adapter.header(request, TARGET_ID_HEADER);
      const routed = routeDelivery(this.#app.registrations, { id, name, body, signature, targetId }, this.#log);
      if ("answer" in routed) return routed.answer;
      return this.#accept(adapter, request, { id, name, body, ...routed });
    }
    let matched: number;
    try {
      // A promise only with an adopted `Webhooks` whose secret must be tried (see AppWebhooks).
      const verified = this.#app.webhooks.verifyDelivery(body, signature);
      matched = typeof verified === "number" ? verified : await verified;
    } catch (error) {
      return this.#fail({ id, name, payload: undefined }, toError(error));
    }
    if (matched === -1) {
      this.#log.warn({ id, event: name }, `Rejected delivery ${id}: its signature does not match WEBHOOK_SECRET.`);
      return BAD_SIGNATURE;
    }
    if (matched !== 0) this.#logRotation(id, name, matched);
    return this.#accept(adapter, request, { id, name, body, registration: undefined });
  }

  /** A verified delivery: parsed, then queued or run. */
  #accept<R>(
    adapter: WebhookAdapter<R>,
    request: R,
    { id, name, body, registration }: VerifiedDelivery,
  ): WebhookAnswer | Promise<WebhookAnswer> {
    const payload = parsePayload(body, adapter.header(request, "content-type"));
    if (typeof payload === "string") return errorAnswer(400, payload);
    const event = registration ? { id, name, payload, registration } : { id, name, payload };
    if (this.#queue) return this.#enqueue(this.#queue, adapter, request, { ...event, body });
    // Again, now that the body is in: others may have started while it arrived.
    return this.limit.admits(id) ? this.#deliver(event) : this.#busy;
  }

  /** 503, so the delivery can be redelivered once the app is configured. */
  #notConfigured(id: string, name: string): WebhookAnswer {
    if (!this.#warnedSetupMode) {
      this.#warnedSetupMode = true;
      this.#log.warn(
        { id, event: name },
        `Delivery ${id} (${name}) arrived in setup mode and was refused with 503: the app is not configured yet. ` +
          "Finish the setup, restart the server, then redeliver it from the app's settings (Advanced, Recent Deliveries).",
      );
    }
    return NOT_CONFIGURED_ANSWER;
  }

  /** Queue mode: store the verified delivery for a worker; 202 only once Redis has it. */
  async #enqueue<R>(
    queue: DeliveryPort,
    adapter: WebhookAdapter<R>,
    request: R,
    { id, name, body, payload, registration }: RoutedEvent & { body: Uint8Array },
  ): Promise<WebhookAnswer> {
    // With tracing on, the job carries this instance's trace context, not the
    // request's: the worker's delivery span continues the trace begun here.
    const tracing = this.#app.tracing;
    const headers: Record<string, string> = {};
    for (const header of KEPT_HEADERS) {
      if (tracing && (header === "traceparent" || header === "tracestate")) continue;
      const value = adapter.header(request, header);
      if (value) headers[header] = value;
    }
    // A view of the bytes, not a copy of them, decoded once.
    const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
    const store = (trace?: Record<string, string>) =>
      queue.enqueue({
        id,
        name,
        body: text,
        headers: trace ? { ...headers, ...trace } : headers,
        receivedAt: Date.now(),
        // Which registration runs it: its app id and platform, never its secrets.
        ...(registration ? { registration: storedRegistrationOf(registration) } : {}),
      });
    try {
      const result = await (tracing ? tracing.traceEnqueue({ id, name, payload }, store) : store());
      if (result === "queued") return queuedAnswer(id);
      this.#log.info({ id, event: name }, `Delivery ${id} was already received; not queueing it again.`);
      return duplicateAnswer(id);
    } catch (error) {
      this.#log.warn(
        { id, event: name, err: toError(error) },
        `Delivery ${id} was not stored: the queue's Redis is unreachable; answered 503.`,
      );
      return QUEUE_UNAVAILABLE_ANSWER;
    }
  }

  /** During a secret rotation: which accepted secret signed the delivery. */
  #logRotation(id: string, name: string, index: number): void {
    const which = `additionalSecrets[${index - 1}]`;
    this.#log.debug({ id, event: name, secretIndex: index }, `Delivery ${id} was signed with ${which}.`);
    if (this.#rotationSeen.has(index)) return;
    this.#rotationSeen.add(index);
    this.#log.info(
      { id, event: name, secretIndex: index },
      `Delivery ${id} was signed with ${which}, not the webhook secret; ` +
        "once the app's settings use the new secret, remove the old one from additionalSecrets.",
    );
  }

  /** Through the App's door, once across instances; answered within the deadline, or 202. */
  #deliver(event: RoutedEvent): Promise<WebhookAnswer> {
    let pending: Promise<DeliveryOutcome>;
    try {
      pending = this.#app.deliver(event, { once: true, inFlight: this.inFlight });
    } catch (error) {
      pending = Promise.reject(error);
    }
    return new Promise((resolve) => {
      const waiter = this.#deadlines.add(resolve);
      pending.then(
        (outcome) => this.#deadlines.answer(waiter, OUTCOME_ANSWERS[outcome]),
        // Logged once, also after a 202, when nobody reads the answer any more.
        (error: unknown) => this.#deadlines.answer(waiter, this.#fail(event, toError(error))),
      );
    });
  }

  #fail(event: RoutedEvent, error: Error): WebhookAnswer {
    this.#logFailure(event, error);
    const hint = isAppError(error) && error.hint ? ` ${error.hint}` : "";
    return errorAnswer(500, scrubSecrets(`${failureMessage(error) || "A handler failed."}${hint}`));
  }

  #logFailure(event: RoutedEvent, error: Error): void {
    const action = (event.payload as { action?: unknown } | undefined)?.action;
    const label = typeof action === "string" ? `${event.name}.${action}` : event.name;
    this.#log.error(
      { id: event.id, event: label, err: error },
      `Delivery ${event.id} (${label}) failed: ${failureMessage(error)}`,
    );
  }
}
