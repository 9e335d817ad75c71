import { errorResponse, NOT_FOUND } from "./messages.js";
import type { PlatformState } from "./state.js";
import type { RouteAuth, RouteHandler } from "./types.js";

type AddRoute = (method: string, pattern: string, handler: RouteHandler, auth: RouteAuth) => void;

/**
 * The app's webhook deliveries, as GitHub serves them with the app's JWT:
 * newest first, `per_page` (default 30, at most 100), and a `cursor` for the
 * next page in the `Link` header (no `page`, no `last`).
 * https://docs.github.com/rest/apps/webhooks#list-deliveries-for-an-app-webhook
 */
export function addHookDeliveryRoutes(add: AddRoute, state: PlatformState): void {
  add(
    "GET",
    "/app/hook/deliveries",
    ({ query, path }) => {
      const perPage = Math.min(positive(query.get("per_page"), 30), 100);
      const offset = decodeCursor(query.get("cursor"));
      if (offset === undefined) return errorResponse(422, "Invalid cursor");
      const sorted = [...state.hookDeliveries].sort(
        (a, b) => Date.parse(b.delivered_at) - Date.parse(a.delivered_at) || b.id - a.id,
      );
      const items = sorted.slice(offset, offset + perPage);
      if (offset + perPage >= sorted.length) return { status: 200, body: items };
      const next = new URL(state.baseUrl + path);
      next.searchParams.set("per_page", String(perPage));
      next.searchParams.set("cursor", `v1_${offset + perPage}`);
      return { status: 200, headers: { link: `<${next.toString()}>; rel="next"` }, body: items };
    },
    "app",
  );

  add(
    "POST",
    "/app/hook/deliveries/:delivery_id/attempts",
    ({ params }) => {
      const id = Number(params["delivery_id"]);
      if (!state.hookDeliveries.some((delivery) => delivery.id === id)) return errorResponse(404, NOT_FOUND);
      state.redeliveryRequests.push(id);
      return { status: 202, body: {} };
    },
    "app",
  );
}

function decodeCursor(cursor: string | null): number | undefined {
  if (cursor === null) return 0;
  const match = /^v1_(\d+)$/.exec(cursor);
  return match ? Number(match[1]) : undefined;
}

function positive(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return value !== null && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}
