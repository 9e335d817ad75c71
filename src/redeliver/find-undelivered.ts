/** One attempt of `GET /app/hook/deliveries`: https://docs.github.com/rest/apps/webhooks#list-deliveries-for-an-app-webhook */
export type HookDelivery = {
  id: number;
  guid: string;
  delivered_at: string;
  redelivery: boolean;
  status: string;
  status_code: number;
  event: string;
  action?: string | null;
  installation_id?: number | null;
};

export type Undelivered = {
  guid: string;
  /** The latest attempt's id: `POST /app/hook/deliveries/{id}/attempts`. */
  attemptId: number;
  event: string;
  action: string | undefined;
  deliveredAt: string;
  /** The latest attempt's status code (0 when the app could not be reached). */
  statusCode: number;
  attempts: number;
  /** With several registrations: whose delivery it is. */
  registration?: { appId: number | undefined; name: string | undefined } | undefined;
};

/** The original attempt, not a redelivery, must be in the window. */
export function findUndelivered(attempts: readonly HookDelivery[], sinceMs: number): Undelivered[] {
  const groups = new Map<string, HookDelivery[]>();
  for (const attempt of attempts) {
    const group = groups.get(attempt.guid);
    if (group) group.push(attempt);
    else groups.set(attempt.guid, [attempt]);
  }
  const undelivered: Undelivered[] = [];
  for (const [guid, group] of groups) {
    const original = group.find((attempt) => !attempt.redelivery);
    if (!original || Date.parse(original.delivered_at) < sinceMs) continue;
    if (group.some((attempt) => attempt.status_code >= 200 && attempt.status_code < 300)) continue;
    const latest = group.reduce((a, b) =>
      Date.parse(b.delivered_at) > Date.parse(a.delivered_at) || (b.delivered_at === a.delivered_at && b.id > a.id)
        ? b
        : a,
    );
    undelivered.push({
      guid,
      attemptId: latest.id,
      event: original.event,
      action: original.action ?? undefined,
      deliveredAt: original.delivered_at,
      statusCode: latest.status_code,
      attempts: group.length,
    });
  }
  return undelivered.sort((a, b) => Date.parse(a.deliveredAt) - Date.parse(b.deliveredAt));
}
