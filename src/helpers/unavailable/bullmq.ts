// "#bullmq" in a Workers bundle: queue mode needs Redis connections that outlive a request.
import { unavailableClass } from "./unavailable.js";

const INSTEAD =
  'Leave the "queue" option out (handlers run in the Worker), or receive deliveries with `app run --queue redis` on Node.';

export const Queue = unavailableClass("Queue mode (BullMQ)", INSTEAD);
export const Worker = unavailableClass("Queue mode (BullMQ)", INSTEAD);
export class DelayedError extends Error {}
export class WaitingError extends Error {}
