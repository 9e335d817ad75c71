import type { Logger } from "../log/get-log.js";
import type { InFlight } from "./in-flight.js";

/** Beyond `max` deliveries in flight, new ones are refused (the server answers 503, for the platform to redeliver). */
export class DeliveryLimit {
  readonly max: number;
  readonly #inFlight: InFlight;
  readonly #log: Logger;
  #refused = 0;
  #inRow = 0;

  constructor(max: number, inFlight: InFlight, log: Logger) {
    this.max = max;
    this.#inFlight = inFlight;
    this.#log = log;
  }

  get refused(): number {
    return this.#refused;
  }

  /** False when the limit is reached (the delivery is refused, and counted), else true. */
  admits(id: string): boolean {
    if (this.#inFlight.count >= this.max) {
      this.#refuse(id);
      return false;
    }
    if (this.#inRow !== 0) {
      this.#log.info(`Accepting deliveries again after refusing ${this.#inRow} with 503.`);
      this.#inRow = 0;
    }
    return true;
  }

  #refuse(id: string): void {
    this.#refused++;
    if (this.#inRow++ === 0) {
      this.#log.warn(
        { id },
        `Refusing deliveries with 503: ${this.max} are running, the limit (maxConcurrentDeliveries). ` +
          "The platform shows them as failed; redeliver them once the app has caught up.",
      );
    }
  }
}
