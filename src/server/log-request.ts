import type { Logger } from "../log/get-log.js";

/** Never the query string: it may carry secrets. */
export function logRequest(
  log: Logger,
  method: string,
  path: string,
  status: number,
  startedAt: number,
  id: string | null | undefined,
): void {
  if (!log.isLevelEnabled("info")) return;
  const ms = Math.round((performance.now() - startedAt) * 10) / 10;
  log.info({ method, path, status, ms, id: id ?? undefined }, `${method} ${path} ${status} ${ms}ms`);
}

/** The id a request is logged under: the caller's `x-request-id`, else the delivery id. */
export function pickRequestId(
  requestId: string | null | undefined,
  deliveryId: string | null | undefined,
): string | undefined {
  const id = requestId || deliveryId;
  // Header values can be kilobytes long; a log line has no use for that.
  return id ? id.slice(0, 200) : undefined;
}
