import type { App } from "../app.js";
import { isAppError, toError } from "../errors.js";
import type { Logger } from "../log/get-log.js";
import { scrubSecrets } from "../log/secrets.js";
import { SIGNATURE_HINT, signatureMismatch } from "../webhooks/app-webhooks.js";
import type { RoutedEvent } from "../webhooks/event-router.js";
import { DeadlineQueue } from "../webhooks/deadline-queue.js";
import { InFlight } from "./in-flight.js";
import { parsePayload } from "./parse-payload.js";
import type { DeliveryClaims } from "../redis/delivery-claims.js";
import {
  ACCEPTED_ANSWER,
  DUPLICATE_ANSWER,
  ELSEWHERE_ANSWER,
  errorAnswer,
  OK_ANSWER,
  type WebhookAnswer,
} from "./webhook-answer.js";

export type WebhookHeader = "x-github-event" | "x-github-delivery" | "x-hub-signature-256" | "content-type";

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
};

const BAD_SIGNATURE = errorAnswer(400, `${signatureMismatch().message} ${SIGNATURE_HINT}`);

/**
 * The one webhook pipeline, whatever the runtime: headers, bytes (bounded),
 * signature over those exact bytes, then JSON, then the handlers raced with
 * the timeout. Nothing is parsed or run before the signature matches, and a
 * delivery that succeeds costs no logger, no child logger and no timer of its own.
 */
export class WebhookReceiver {
  readonly inFlight = new InFlight();
  readonly #app: App;
  readonly #log: Logger;
  readonly #maxBodyBytes: number;
  readonly #tooLarge: WebhookAnswer;
  readonly #deadlines: DeadlineQueue<WebhookAnswer>;

  constructor(app: App, { log, handlerTimeoutMs, maxBodyBytes }: WebhookReceiverOptions) {
    this.#app = app;
    this.#log = log;
    this.#deadlines = new DeadlineQueue(handlerTimeoutMs, ACCEPTED_ANSWER);
    this.#maxBodyBytes = maxBodyBytes;
    this.#tooLarge = errorAnswer(
      413,
      `The webhook body is larger than ${formatBytes(maxBodyBytes)}, more than the platform ever sends.`,
      { connection: "close" },
    );
  }

  async receive<R>(adapter: WebhookAdapter<R>, request: R): Promise<WebhookAnswer> {
    const name = adapter.header(request, "x-github-event");
    const id = adapter.header(request, "x-github-delivery");
    const signature = adapter.header(request, "x-hub-signature-256");
    if (!name || !id || !signature) return missingHeaders(name, id, signature);
    const body = await adapter.readBody(request, this.#maxBodyBytes);
    if (body === null) return this.#tooLarge;
    let matched: number;
    try {
      matched = this.#app.webhooks.match(body, signature);
    } catch (error) {
      return this.#fail({ id, name, payload: undefined }, toError(error));
    }
    if (matched === -1) {
      this.#log.warn({ id, event: name }, `Rejected delivery ${id}: its signature does not match WEBHOOK_SECRET.`);
      return BAD_SIGNATURE;
    }
    const payload = parsePayload(body, adapter.header(request, "content-type"));
    if (typeof payload === "string") return errorAnswer(400, payload);
    return this.#deliver({ id, name, payload });
  }

  #deliver(event: RoutedEvent): Promise<WebhookAnswer> {
    const claims = this.#app.state.redis?.deliveries;
    return claims ? this.#deliverOnce(claims, event) : this.#run(event);
  }

  /** With Redis sharing: run only a delivery no other instance ran or runs. */
  async #deliverOnce(claims: DeliveryClaims, event: RoutedEvent): Promise<WebhookAnswer> {
    const claim = await claims.claim(event.id);
    if (claim.status === "claimed") return this.#run(event, claim.release);
    this.#log.info({ id: event.id, event: event.name }, `Delivery ${event.id} ${claim.status === "done" ? "was already handled" : "is being handled"} by another instance; not running it again.`);
    return claim.status === "done" ? DUPLICATE_ANSWER : ELSEWHERE_ANSWER;
  }

  #run(event: RoutedEvent, release?: (outcome: "done" | "failed") => Promise<void>): Promise<WebhookAnswer> {
    this.inFlight.add();
    let pending: Promise<void>;
    try {
      pending = this.#app.webhooks.router.receive(event);
    } catch (error) {
      pending = Promise.reject(error);
    }
    return new Promise((resolve) => {
      const waiter = this.#deadlines.add(resolve);
      pending.then(
        () => {
          this.inFlight.done();
          void release?.("done");
          this.#deadlines.answer(waiter, OK_ANSWER);
        },
        (error: unknown) => {
          this.inFlight.done();
          void release?.("failed");
          // Logged once, also after a 202, when nobody reads the answer any more.
          this.#deadlines.answer(waiter, this.#fail(event, toError(error)));
        },
      );
    });
  }

  #fail(event: RoutedEvent, error: Error): WebhookAnswer {
    this.#logFailure(event, error);
    const hint = isAppError(error) && error.hint ? ` ${error.hint}` : "";
    return errorAnswer(500, scrubSecrets(`${error.message || "A handler failed."}${hint}`));
  }

  #logFailure(event: RoutedEvent, error: Error): void {
    const action = (event.payload as { action?: unknown } | undefined)?.action;
    const label = typeof action === "string" ? `${event.name}.${action}` : event.name;
    this.#log.error({ id: event.id, event: label, err: error }, `Delivery ${event.id} (${label}) failed: ${error.message}`);
  }
}

function missingHeaders(...values: Array<string | null | undefined>): WebhookAnswer {
  const missing = ["X-GitHub-Event", "X-GitHub-Delivery", "X-Hub-Signature-256"].filter((_, index) => !values[index]);
  return errorAnswer(
    400,
    `Missing webhook header${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. ` +
      "Only the platform's webhook deliveries belong on this path.",
  );
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}
