/** Runs of a delivery in all (`DELIVERY_ATTEMPTS`), the first included. */
export const DEFAULT_DELIVERY_ATTEMPTS = 3;
/** The first retry waits this long, each next one twice as long (`DELIVERY_BACKOFF_MS`). */
export const DEFAULT_BACKOFF_MS = 5_000;
export const DEFAULT_WORKER_CONCURRENCY = 10;
/** A worker killed mid-handler has its deliveries run by another within twice this. */
export const DEFAULT_LOCK_MS = 30_000;
