import type { Logger } from "../log/get-log.js";
import type { InFlight } from "./in-flight.js";
import { errorAnswer, type WebhookAnswer } from "./webhook-answer.js";

/** A 503 beyond `max` lets the platform show the delivery as failed, to redeliver, instead of queueing without limit. */
export class DeliveryLimit {
  readonly max: number;
  readonly #inFlight: InFlight;
  readonly #log: Logger;
  readonly #answer: WebhookAnswer;
  #refused = 0;
  #inRow = 0;

  constructor(max: number, inFlight: InFlight, log: Logger) {
    this.max = max;
    this.#inFlight = inFlight;
    this.#log = log;
    this.#answer = errorAnswer(
      503,
      `The app is already running ${max} deliveries, its limit; redeliver this one from the app's settings once it has caught up.`,
      { "retry-after": "5" },
    );
  }

  get refused(): number {
    return this.#refused;
  }

  /** The 503 answer when the limit is reached, else undefined (the delivery may run). */
  check(id: string): WebhookAnswer | undefined {
    if (this.#inFlight.count >= this.max) return this.#refuse(id);
    if (this.#inRow !== 0) {
      this.#log.info(`Accepting deliveries again after refusing ${this.#inRow} with 503.`);
      this.#inRow = 0;
    }
    return undefined;
  }

  #refuse(id: string): WebhookAnswer {
    this.#refused++;
    if (this.#inRow++ === 0) {
      this.#log.warn(
        { id },
        `Refusing deliveries with 503: ${this.max} are running, the limit (maxConcurrentDeliveries). ` +
          "The platform shows them as failed; redeliver them once the app has caught up.",
      );
    }
    return this.#answer;
  }
}
