/** Redis did not store the delivery: the webhook route answers 503, so the platform shows it failed. */
export class QueueUnavailableError extends Error {
  override name = "QueueUnavailableError";
  constructor(cause: unknown) {
    super("The delivery queue (Redis) is unreachable.", { cause });
  }
}
