/** Where the platform posts deliveries unless `webhookPath` or `WEBHOOK_PATH` says otherwise. */
export const DEFAULT_WEBHOOK_PATH = "/api/github/webhooks";

/**
 * GitHub gives up on a delivery after 10 s, so the server answers 202 a
 * little before that and lets slow handlers go on.
 */
export const DEFAULT_HANDLER_TIMEOUT_MS = 9_000;

/** GitHub caps payloads at 25 MB; anything larger is not a real delivery. */
export const DEFAULT_MAX_BODY_BYTES = 25 * 1024 * 1024;

/** How long `stop()` lets running handlers finish. */
export const DEFAULT_GRACE_MS = 10_000;

/**
 * A client gets this long to send its request headers, and this long to send
 * the whole request, well under Node's 60 s and 300 s: a sender that dribbles
 * bytes (slowloris) holds a socket for seconds, not minutes. GitHub sends a
 * 25 MB delivery in far less.
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Deliveries whose handlers may run at once (also after their 202). Beyond
 * it the server answers 503 instead of queueing without limit; the platform
 * then shows the delivery as failed, to redeliver. High enough for a burst of
 * handlers that wait on the client's one-write-per-second queue.
 */
export const DEFAULT_MAX_CONCURRENT_DELIVERIES = 1000;
