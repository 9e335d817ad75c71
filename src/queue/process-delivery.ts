import type { Job } from "bullmq";
import type { App } from "../app.js";
import { isAppError, toError } from "../errors.js";
import { scrubSecrets } from "../log/secrets.js";
import type { InFlight } from "../delivery/in-flight.js";
import type { DeliveryJobData } from "./delivery-job.js";
import { rateLimitDelay } from "./rate-limit-delay.js";

type DelayedErrorClass = new (message?: string) => Error;

/**
 * A rate limit puts the job back, delayed, and frees the worker slot; other
 * failures are scrubbed of secrets because BullMQ stores them in Redis.
 */
export async function processDelivery(
  app: App,
  job: Job<DeliveryJobData>,
  token: string | undefined,
  DelayedError: DelayedErrorClass,
  running?: InFlight,
): Promise<void> {
  const { id, name, body } = job.data;
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    throw new Error(
      `Delivery ${id} holds a body that is not JSON; it was verified before it was queued, so Redis changed it.`,
    );
  }
  // In flight: known to a stop, which aborts its context and hands it back at the deadline. Rate
  // limits are left to the queue: waiting one out in a handler would hold a worker slot.
  // Several registrations: the job names its own; its credentials (never stored with it) are this worker's.
  const registration = job.data.registration ? app.registrations.of(job.data).info : undefined;
  const delivery = registration ? { id, name, payload, registration } : { id, name, payload };
  const deliver = () => app.deliver(delivery, { inFlight: running, rateLimits: "defer" });
  const { tracing } = app;
  try {
    // With tracing on, the delivery span continues the trace the web instance stored with the job.
    await (tracing ? tracing.withTraceContext(job.data.headers, deliver) : deliver());
  } catch (error) {
    const delay = rateLimitDelay(error);
    if (delay !== undefined && token !== undefined) {
      app.state.log.warn(
        { id, event: name },
        `Delivery ${id} met the platform's rate limit; it runs again in ${Math.ceil(delay / 1000)} s.`,
      );
      await job.moveToDelayed(Date.now() + delay, token);
      throw new DelayedError();
    }
    throw scrubbed(error);
  }
}

/** The error BullMQ keeps: the handlers' messages (and hints) and a stack, scrubbed of secrets. */
function scrubbed(error: unknown): Error {
  const original = toError(error);
  const errors = original instanceof AggregateError ? (original.errors as unknown[]).map(toError) : [original];
  const message = errors
    .map((each) => `${each.message}${isAppError(each) && each.hint ? ` ${each.hint}` : ""}`)
    .join("\n");
  const copy = new Error(scrubSecrets(message || "A handler failed."));
  copy.stack = scrubSecrets(errors[0]?.stack ?? copy.stack ?? "");
  return copy;
}
