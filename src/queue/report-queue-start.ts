import type { SharedConnection } from "../app-sharing.js";
import { reportLegacyQueue } from "./report-legacy-queue.js";
import { reportPersistence } from "./redis-persistence.js";

export type QueueStartReport = {
  connection: SharedConnection;
  appId: number | string;
  baseUrl: string | undefined;
  log: { info(message: string): unknown; warn(message: string): unknown };
};

/**
 * Queue mode (`app run --queue redis`, `app worker`): once Redis first
 * answers, says whether a restart of it would lose acknowledged deliveries,
 * and whether an earlier version's queue still holds some. Never throws.
 */
export function reportQueueStart({ connection, appId, baseUrl, log }: QueueStartReport): void {
  const report = async (): Promise<void> => {
    await reportPersistence(connection, log).catch(() => undefined);
    await reportLegacyQueue(connection, appId, baseUrl, log).catch(() => undefined);
  };
  if (connection.up) {
    void report();
    return;
  }
  const stop = connection.onChange((up) => {
    if (!up) return;
    stop();
    void report();
  });
}
