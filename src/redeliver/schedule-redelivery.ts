import type { App } from "../app.js";
import type { Logger } from "../log/get-log.js";
import { redeliverEach } from "./redeliver-each.js";
import { MAX_REDELIVER_WINDOW_MS, type RedeliverReport } from "./redeliver-failed.js";

export type ScheduleRedeliveryOptions = {
  app: App;
  /** Time between sweeps (`--redeliver-every`). */
  everyMs: number;
  log: Logger;
};

/** Each sweep looks back twice the period, so a failing delivery is asked for a few times, not forever. */
export function scheduleRedelivery({ app, everyMs, log }: ScheduleRedeliveryOptions): {
  close(): void;
  sweeping(): Promise<unknown>;
} {
  const sinceMs = Math.min(MAX_REDELIVER_WINDOW_MS, Math.max(2 * everyMs, 3_600_000));
  let current: Promise<unknown> = Promise.resolve();
  const sweep = async (): Promise<void> => {
    if (!(await claimPeriod(app, everyMs))) return;
    // One claim per period covers every registration: the instance that wins sweeps them all.
    const report = await redeliverEach(app, { sinceMs });
    logReport(report, log);
  };
  const run = () => {
    current = sweep().catch((error: unknown) =>
      log.warn({ err: error }, `The redelivery sweep failed: ${(error as Error)?.message}`),
    );
  };
  run();
  const timer = setInterval(run, everyMs).unref();
  return {
    close: () => clearInterval(timer),
    sweeping: () => current,
  };
}

const REDIS_WAIT_MS = 10_000;

/** Without Redis every instance sweeps; with it, one per period. */
async function claimPeriod(app: App, everyMs: number): Promise<boolean> {
  const redis = app.state.redis;
  if (!redis) return true;
  // At start Redis may still be connecting: wait for it rather than sweep uncoordinated.
  if (!(await redis.connection.whenUp(REDIS_WAIT_MS))) return true;
  const period = Math.floor(Date.now() / everyMs);
  const key = `${redis.connection.keyPrefix}redeliver:${app.state.appId ?? "token"}:${period}`;
  try {
    const client = await redis.connection.client();
    return (await client.set(key, "1", "PX", everyMs, "NX")) === "OK";
  } catch {
    return true; // better twice (redeliveries are deduped) than never
  }
}

function logReport(report: RedeliverReport, log: Logger): void {
  if (report.error) {
    log.warn(`Redelivery sweep: ${report.error}`);
    return;
  }
  for (const failed of report.failed)
    log.warn({ guid: failed.guid }, `Redelivery of ${failed.guid} failed: ${failed.error}`);
  const ids = report.redelivered.map((delivery) => delivery.guid);
  if (ids.length > 0)
    log.info(
      { guids: ids },
      `Redelivery sweep: asked the platform to redeliver ${ids.length} of ${report.checked} deliveries since ${report.since}.`,
    );
  else log.debug(`Redelivery sweep: all ${report.checked} deliveries since ${report.since} were delivered.`);
}
