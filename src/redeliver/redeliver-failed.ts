import type { AppClient } from "../client/app-client.js";
import { toError } from "../errors.js";
import { scrubSecrets } from "../log/secrets.js";
import { findUndelivered, type HookDelivery, type Undelivered } from "./find-undelivered.js";
import { listAttempts, ListingError } from "./list-attempts.js";

import { MAX_REDELIVER_WINDOW_MS } from "./parse-duration.js";

export { MAX_REDELIVER_WINDOW_MS };
export const DEFAULT_REDELIVER_WINDOW_MS = 24 * 3_600_000;

export type RedeliverOptions = {
  /** A client authenticated as the app (its JWT): `await app.auth()`. */
  client: AppClient;
  /** How far back to look. Default: 24 h; at most 3 days. */
  sinceMs?: number | undefined;
  /** List what would be redelivered, ask for nothing. */
  dryRun?: boolean | undefined;
  now?: number | undefined;
  /** Pages of `GET /app/hook/deliveries` read at most. Default: 1,000 (100,000 attempts). */
  maxPages?: number | undefined;
  /** How long listing the deliveries may take. Default: 5 minutes. */
  deadlineMs?: number | undefined;
};

export type RedeliverReport = {
  /** Start of the window (ISO 8601). */
  since: string;
  dryRun: boolean;
  /** Deliveries (guids) first attempted in the window. */
  checked: number;
  /** Redelivered (or, in a dry run, to redeliver). */
  redelivered: Undelivered[];
  /** Redeliveries the platform refused, with why. */
  failed: Array<Undelivered & { error: string }>;
  /** Set when listing the deliveries failed: nothing was redelivered. */
  error?: string | undefined;
};

/** https://docs.github.com/webhooks/using-webhooks/automatically-redelivering-failed-deliveries-for-a-github-app-webhook */
export async function redeliverFailed({
  client,
  sinceMs = DEFAULT_REDELIVER_WINDOW_MS,
  dryRun = false,
  now = Date.now(),
  maxPages,
  deadlineMs,
}: RedeliverOptions): Promise<RedeliverReport> {
  const start = now - Math.min(sinceMs, MAX_REDELIVER_WINDOW_MS);
  const report: RedeliverReport = {
    since: new Date(start).toISOString(),
    dryRun,
    checked: 0,
    redelivered: [],
    failed: [],
  };
  let attempts: HookDelivery[];
  try {
    attempts = await listAttempts({ client, startMs: start, maxPages, deadlineMs });
  } catch (error) {
    report.error = scrubSecrets(
      error instanceof ListingError ? error.message : `GET /app/hook/deliveries failed: ${toError(error).message}`,
    );
    return report;
  }
  report.checked = new Set(
    attempts.filter((a) => !a.redelivery && Date.parse(a.delivered_at) >= start).map((a) => a.guid),
  ).size;
  for (const delivery of findUndelivered(attempts, start)) {
    if (dryRun) {
      report.redelivered.push(delivery);
      continue;
    }
    try {
      await client.request("POST /app/hook/deliveries/{delivery_id}/attempts", { delivery_id: delivery.attemptId });
      report.redelivered.push(delivery);
    } catch (error) {
      report.failed.push({ ...delivery, error: scrubSecrets(toError(error).message) });
    }
  }
  return report;
}
