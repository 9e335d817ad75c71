import type { RegistrationInfo, Registrations } from "../client/registrations.js";
import type { Logger } from "../log/get-log.js";
import { errorAnswer, type WebhookAnswer } from "./webhook-answer.js";

/** A delivery whose signature matched, and (several registrations) the registration it came for. */
export type VerifiedDelivery = {
  id: string;
  name: string;
  body: Uint8Array;
  registration: RegistrationInfo | undefined;
};

type Arrived = { id: string; name: string; body: Uint8Array; signature: string; targetId: string | null | undefined };

/**
 * Several registrations: the delivery's app id header picks one, and only
 * that one's secret verifies it. Otherwise the 400 answer, logged.
 */
export function routeDelivery(
  registrations: Registrations,
  { id, name, body, signature, targetId }: Arrived,
  log: Logger,
): { registration: RegistrationInfo } | { answer: WebhookAnswer } {
  const routed = registrations.route(targetId, body, signature);
  if ("registration" in routed) return { registration: routed.registration.info };
  log.warn({ id, event: name }, `Rejected delivery ${id}: ${routed.refusal}`);
  return { answer: errorAnswer(400, routed.refusal) };
}
