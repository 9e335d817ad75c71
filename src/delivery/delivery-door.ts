import type { DeliveryClaims } from "../app-sharing.js";
import { AppError } from "../errors.js";
import type { State } from "../state.js";
import type { EventRouter } from "../webhooks/event-router.js";
import type { Delivery, DeliveryOutcome } from "./delivery.js";
import type { InFlight } from "./in-flight.js";

export type DeliverOptions = {
  /**
   * Runs it once across the instances that share deliveries through Redis
   * (`redisConfig`), as the server does: one already claimed resolves
   * "duplicate" or "elsewhere" and runs nothing. Default: false.
   */
  once?: boolean | undefined;
  /** Counted there while its handlers run: a stop waits for it, then aborts its context (`abandonDeliveries`). */
  inFlight?: InFlight | undefined;
  /**
   * "defer": the app's clients no longer wait out a rate limit, they fail, so
   * that a queue can run the delivery again later instead of holding a worker
   * slot. It holds for the App from then on (a worker runs all its deliveries
   * so). Default: "wait".
   */
  rateLimits?: "wait" | "defer" | undefined;
};

const CLAIMED_HERE_MAX = 10_000;

/**
 * The one door into an App's handlers (`App.deliver`): `app receive`, the
 * server and the queue's worker all come in here, and so do `App.receive`
 * and `app.webhooks.receive`. It owns what happens to a delivery between its
 * arrival and its outcome: the claim across instances, the in-flight count,
 * the rate-limit mode.
 */
export class DeliveryDoor {
  readonly #state: State;
  readonly #router: () => EventRouter<unknown>;
  /** Delivery ids this instance claimed lately (Redis sharing), to tell its own duplicates from others'. */
  readonly #claimedHere = new Set<string>();
  #deferring = false;

  readonly #claimsOf: (delivery: Delivery) => DeliveryClaims | undefined;

  /** `claimsOf`: where a delivery is claimed (several registrations: its own's); default the App's sharing. */
  constructor(
    state: State,
    router: () => EventRouter<unknown>,
    { claimsOf }: { claimsOf?: ((delivery: Delivery) => DeliveryClaims | undefined) | undefined } = {},
  ) {
    this.#state = state;
    this.#router = router;
    this.#claimsOf = claimsOf ?? (() => state.redis?.deliveries);
  }

  deliver(delivery: Delivery, { once = false, inFlight, rateLimits }: DeliverOptions = {}): Promise<DeliveryOutcome> {
    // As Probot: a payload that is not there is refused; any other is the handlers' to read.
    if (!delivery.name) return Promise.reject(nameMissing(delivery));
    if (!delivery.payload) return Promise.reject(payloadMissing(delivery));
    if (rateLimits === "defer") this.#deferRateLimits();
    let claims: DeliveryClaims | undefined;
    try {
      claims = once ? this.#claimsOf(delivery) : undefined;
    } catch (error) {
      return Promise.reject(error);
    }
    const router = this.#router();
    if (!claims && !inFlight) return router.receive(delivery).then(handled);
    const slot = inFlight?.add(delivery);
    const running = claims ? this.#claimAndRun(claims, router, delivery, slot) : router.receive(delivery, slot);
    if (!slot) return running.then(outcomeOf);
    const done = () => inFlight!.done(slot);
    return running.then(
      (outcome) => {
        done();
        return outcomeOf(outcome);
      },
      (error: unknown) => {
        done();
        throw error;
      },
    );
  }

  async #claimAndRun(
    claims: DeliveryClaims,
    router: EventRouter<unknown>,
    delivery: Delivery,
    slot: { context?: unknown } | undefined,
  ): Promise<DeliveryOutcome> {
    const claim = await claims.claim(delivery.id);
    if (claim.status !== "claimed") {
      const state = claim.status === "done" ? "was already handled" : "is being handled";
      const where = this.#claimedHere.has(delivery.id)
        ? "by this instance (a duplicate delivery)"
        : "by another instance";
      this.#state.log.info(
        { id: delivery.id, event: delivery.name },
        `Delivery ${delivery.id} ${state} ${where}; not running it again.`,
      );
      return claim.status === "done" ? "duplicate" : "elsewhere";
    }
    this.#claimedHere.add(delivery.id);
    // Bounded: the oldest ids go first; a redelivery days later is the platform's, not ours.
    if (this.#claimedHere.size > CLAIMED_HERE_MAX) this.#claimedHere.delete(this.#claimedHere.values().next().value!);
    try {
      await router.receive(delivery, slot);
    } catch (error) {
      void claim.release("failed");
      throw error;
    }
    void claim.release("done");
    return "handled";
  }

  /** Waiting out a rate limit in a handler would hold a worker slot: the queue delays the delivery instead. */
  #deferRateLimits(): void {
    if (this.#deferring) return;
    this.#deferring = true;
    const Client = this.#state.Client;
    this.#state.Client = Client.defaults({
      throttle: { onRateLimit: leaveToCaller, onSecondaryRateLimit: leaveToCaller },
    } as never) as typeof Client;
  }
}

function handled(): DeliveryOutcome {
  return "handled";
}

/** A claim's outcome; the router's (nothing) is "handled". */
function outcomeOf(outcome: DeliveryOutcome | void): DeliveryOutcome {
  return outcome ?? "handled";
}

function leaveToCaller(): boolean {
  return false;
}

/** A delivery without its event's name (Probot: "Event name not passed"), which no handler, onAny's neither, would know. */
function nameMissing(delivery: Delivery): AppError {
  return new AppError("EVENT_NAME_INVALID", `Event name not passed: delivery ${String(delivery.id)} has no name.`, {
    hint: 'Give the event\'s name, the X-GitHub-Event header, as name: receive({ id, name: "issues", payload }).',
    status: 400,
  });
}

/** A delivery without its payload: Probot's sentence first (apps' tests expect it), and no handler runs. */
function payloadMissing(delivery: Delivery): AppError {
  const given = JSON.stringify(delivery.payload) ?? "undefined";
  return new AppError(
    "PAYLOAD_INVALID",
    `Event payload not passed: the "${String(delivery.name)}" event's payload is ${given}.`,
    {
      hint: "Give the event's JSON body, an object, as payload: receive({ id, name, payload }).",
      status: 400,
    },
  );
}
