import { Webhooks } from "@octokit/webhooks";
import type { EmitterWebhookEvent } from "@octokit/webhooks";
import { AppError } from "../errors.js";
import { DEVELOPMENT_SECRET } from "./development-secret.js";
import { EventRouter, type RoutedEvent } from "./event-router.js";
import { signedText, signPayload, verifySignature } from "./verify-signature.js";

/** `payload` is the body's text, or (as Probot 11 and 12 took it) the body already parsed. */
type SignedEvent = { id: string; name: string; payload: string | object; signature: string };
type WebhooksLog = { warn(message: string): unknown; error(object: object, message: string): unknown };

export type AppWebhooksOptions<C> = {
  /** Accepted webhook secrets; the first signs, any verifies (for rotation). */
  secrets: readonly string[];
  transform: (event: RoutedEvent) => C;
  log: WebhooksLog;
  /** A handler still running after this is abandoned. Default: 10 minutes. */
  handlerDeadlineMs?: number | undefined;
  /** Sees every received event, handled or not, before any handler runs. */
  observe?: ((event: RoutedEvent) => void) | undefined;
  /** Runs before the handlers of a delivery that has some, with their context; a promise it returns, they wait for. */
  prepare?: ((context: C) => Promise<void> | undefined) | undefined;
  /**
   * Another `@octokit/webhooks` `Webhooks` (the `webhooks` option): its secret
   * verifies too, and its handlers run for every delivery, beside these.
   */
  adopted?: Webhooks<unknown> | undefined;
  /**
   * The door `receive` and `verifyAndReceive` hand a delivery to (an App's
   * `deliver`); by default, straight to the router.
   */
  deliver?: ((event: RoutedEvent) => Promise<unknown>) | undefined;
};

export const SIGNATURE_HINT = "Check that WEBHOOK_SECRET is the secret set in the app's settings on the platform.";
export const SIGNATURE_MISMATCH = "The webhook signature does not match the payload and WEBHOOK_SECRET.";
/** What `@octokit/webhooks` (and so Probot) says of such a delivery given to `verifyAndReceive`. */
const OCTOKIT_SIGNATURE_MISMATCH = "[@octokit/webhooks] signature does not match event payload and secret";

/**
 * The app's `webhooks`: an `@octokit/webhooks` `Webhooks` whose routing is
 * our `EventRouter` (a `Map`, handlers run concurrently, every failure an
 * `Error`) and whose verification is strict and covers the exact bytes.
 */
export class AppWebhooks<C = unknown> extends Webhooks<C> {
  readonly secrets: readonly string[];
  readonly router: EventRouter<C>;
  /** The `webhooks` option's instance, when one was given. */
  readonly adopted: Webhooks<unknown> | undefined;
  readonly #deliver: (event: RoutedEvent) => Promise<unknown>;
  readonly #log: WebhooksLog;
  /** Signed with the development secret, and not said yet: said once, when a server takes deliveries or one is verified. */
  #unsaid: boolean;

  constructor({
    secrets,
    transform,
    log,
    handlerDeadlineMs,
    observe,
    prepare,
    adopted,
    deliver,
  }: AppWebhooksOptions<C>) {
    super({ secret: secrets[0] ?? "unset", log: log as never });
    this.secrets = secrets;
    this.adopted = adopted;
    this.#log = log;
    this.#unsaid = secrets[0] === DEVELOPMENT_SECRET;
    const router = new EventRouter<C>(transform, log, { handlerDeadlineMs, observe, prepare });
    this.router = router;
    this.#deliver = deliver ?? ((event) => router.receive(event));
    // Its handlers see each delivery as it came: the name, the id and the parsed payload.
    if (adopted) router.onAny((context) => adopted.receive(eventOf(context as RoutedEvent)));
    this.on = router.on.bind(router) as Webhooks<C>["on"];
    this.onAny = router.onAny.bind(router) as unknown as Webhooks<C>["onAny"];
    this.onError = router.onError.bind(router) as unknown as Webhooks<C>["onError"];
    this.removeListener = router.removeListener.bind(router) as Webhooks<C>["removeListener"];
    this.receive = (event: EmitterWebhookEvent) => this.#deliver(event as RoutedEvent).then(nothing);
    this.sign = async (payload: string | object) =>
      adopted && secrets.length === 0
        ? adopted.sign(payload as string)
        : signPayload(this.#requireSecrets()[0]!, signedText(payload));
    this.verify = async (payload: string | object, signature: string) =>
      (await this.verifyDelivery(signedText(payload), signature)) !== -1;
    this.verifyAndReceive = (event: SignedEvent) => this.#verifyAndReceive(event);
  }

  /** Index of the secret that signed `body`, or -1; throws when no secret is set. */
  match(body: Uint8Array | string, signature: string | null | undefined): number {
    if (this.#unsaid) this.warnIfDevelopmentSecret();
    return verifySignature(this.#requireSecrets(), body, signature);
  }

  /**
   * Once: deliveries signed with the development secret can be forged by anyone. Said when a server or middleware
   * takes deliveries, or the first is verified; not when the app is only created (an Action, `app receive`, a test
   * that calls `receive`), where Probot says nothing either.
   */
  warnIfDevelopmentSecret(): void {
    if (!this.#unsaid) return;
    this.#unsaid = false;
    this.#log.warn(
      `No webhook secret is set: using "${DEVELOPMENT_SECRET}". Anyone can forge deliveries with it; ` +
        "set WEBHOOK_SECRET to the secret in the app's settings before exposing this server.",
    );
  }

  /**
   * As `match`, and with an adopted `Webhooks`, its secret is tried after
   * these (0 when it matches): only then is the answer a promise.
   */
  verifyDelivery(body: Uint8Array | string, signature: string | null | undefined): number | Promise<number> {
    const adopted = this.adopted;
    if (!adopted) return this.match(body, signature);
    const matched = this.secrets.length > 0 ? this.match(body, signature) : -1;
    if (matched !== -1 || typeof signature !== "string" || signature === "") return matched;
    const text = typeof body === "string" ? body : new TextDecoder().decode(body);
    return adopted.verify(text, signature).then(
      (verified) => (verified ? 0 : -1),
      () => -1,
    );
  }

  async #verifyAndReceive(event: SignedEvent): Promise<void> {
    if ((await this.verifyDelivery(signedText(event.payload), event.signature)) === -1) {
      // @octokit/webhooks' sentence first, as Probot's tests match it; the handlers of onError see it.
      const error = signatureMismatch(`${OCTOKIT_SIGNATURE_MISMATCH}: ${SIGNATURE_MISMATCH}`);
      return this.router.refuse({ id: event.id, name: event.name, payload: event.payload }, error);
    }
    if (typeof event.payload === "object" && !(event.payload instanceof Uint8Array)) {
      return this.#deliver({ id: event.id, name: event.name, payload: event.payload }).then(nothing);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(event.payload as string);
    } catch (error) {
      throw new AppError("WEBHOOK_PAYLOAD_INVALID", "The webhook body is not valid JSON.", {
        status: 400,
        cause: error,
      });
    }
    await this.#deliver({ id: event.id, name: event.name, payload });
  }

  #requireSecrets(): readonly string[] {
    if (this.secrets.length === 0) {
      throw new AppError("WEBHOOK_SECRET_MISSING", "No webhook secret is set, so no delivery can be verified.", {
        hint: "Set WEBHOOK_SECRET (or the secret option) to the secret in the app's settings.",
        status: 500,
      });
    }
    return this.secrets;
  }
}

function nothing(): void {}

/** What `@octokit/webhooks` hands its handlers (the action stays in the payload). */
function eventOf({ id, name, payload }: RoutedEvent): EmitterWebhookEvent {
  return { id, name, payload } as EmitterWebhookEvent;
}

/** The error for a delivery whose signature does not match any secret. */
export function signatureMismatch(message = SIGNATURE_MISMATCH): AppError {
  return new AppError("WEBHOOK_SIGNATURE_MISMATCH", message, { hint: SIGNATURE_HINT, status: 400 });
}
