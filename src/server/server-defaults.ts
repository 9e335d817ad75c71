/** Where the platform posts deliveries unless `webhookPath` or `WEBHOOK_PATH` says otherwise. */
export const DEFAULT_WEBHOOK_PATH = "/api/github/webhooks";

/**
 * GitHub gives up on a delivery after 10 s, so the server answers 202 a
 * little before that and lets slow handlers go on.
 */
export const DEFAULT_HANDLER_TIMEOUT_MS = 9_000;

/** GitHub caps payloads at 25 MB; anything larger is not a real delivery. */
export const DEFAULT_MAX_BODY_BYTES = 25 * 1024 * 1024;

export const DEFAULT_GRACE_MS = 10_000;

/** Well under Node's 60 s and 300 s, so a slowloris holds a socket for seconds, not minutes. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** High enough for a burst of handlers waiting on the client's one-write-per-second queue. */
export const DEFAULT_MAX_CONCURRENT_DELIVERIES = 1000;
