import type { AppClient } from "../client/app-client.js";
import type { HookDelivery } from "./find-undelivered.js";

/** 100,000 attempts: more than a busy app gets in the 3 days the platform keeps them. */
export const DEFAULT_MAX_PAGES = 1000;
/** The whole listing; a page normally takes well under a second. */
export const DEFAULT_LIST_DEADLINE_MS = 5 * 60_000;

export type ListAttemptsOptions = {
  client: AppClient;
  /** Attempts older than this end the listing (newest first). */
  startMs: number;
  maxPages?: number | undefined;
  deadlineMs?: number | undefined;
};

/** Why the listing stopped: a sentence for the report. */
export class ListingError extends Error {}

const ROUTE = "GET /app/hook/deliveries";

/**
 * Pages through `GET /app/hook/deliveries` (newest first) back to `startMs`,
 * following the `Link` header's `next`. A platform (or something posing as
 * one) that links a page to itself, serves pages without end or too slowly,
 * or serves something that is not a list of attempts stops it with a
 * `ListingError` that says so.
 */
export async function listAttempts({
  client,
  startMs,
  maxPages = DEFAULT_MAX_PAGES,
  deadlineMs = DEFAULT_LIST_DEADLINE_MS,
}: ListAttemptsOptions): Promise<HookDelivery[]> {
  const attempts: HookDelivery[] = [];
  const seen = new Set<string>();
  const signal = AbortSignal.timeout(deadlineMs);
  let next: string | undefined;
  for (let page = 1; ; page++) {
    if (page > maxPages) {
      throw new ListingError(`${ROUTE} had more than ${maxPages} pages of deliveries in the window: stopped there.`);
    }
    const response = await (
      next === undefined
        ? client.request(ROUTE, { per_page: 100, request: { signal } })
        : client.request({ method: "GET", url: next, request: { signal } })
    ).catch((error: unknown) => {
      if (!signal.aborted) throw error;
      throw new ListingError(
        `${ROUTE} did not list the deliveries within ${deadlineMs / 1000} s (${page - 1} pages): stopped there.`,
      );
    });
    const items = readPage(response.data, page);
    attempts.push(...items);
    next = nextPage(response.headers.link);
    // Newest first: past the window's start, later pages hold only older
    // attempts, and every attempt of a delivery first made in the window is newer.
    if (next === undefined || items.length === 0 || items.some((item) => Date.parse(item.delivered_at) < startMs)) {
      return attempts;
    }
    seen.add(new URL(response.url).href);
    if (seen.has(next)) {
      throw new ListingError(
        `${ROUTE} sent the same page again (page ${page} links back to a page already read): stopped there.`,
      );
    }
    seen.add(next);
  }
}

/** The `Link` header's `next` URL, normalised so that one page is always spelt one way. */
function nextPage(link: unknown): string | undefined {
  const url = /<([^<>]+)>;\s*rel="next"/.exec(String(link ?? ""))?.[1];
  if (url === undefined) return undefined;
  try {
    return new URL(url).href;
  } catch {
    throw new ListingError(`${ROUTE} linked to a next page whose address is not a URL.`);
  }
}

/** The attempts of one page, with only the fields used, or a `ListingError` naming what is wrong. */
function readPage(data: unknown, page: number): HookDelivery[] {
  if (!Array.isArray(data)) {
    throw new ListingError(`${ROUTE} answered page ${page} with something that is not a list of deliveries.`);
  }
  return data.map((item: unknown, index) => {
    const bad = (what: string) =>
      new ListingError(`${ROUTE} answered page ${page} with item ${index + 1} ${what}: not a delivery attempt.`);
    if (typeof item !== "object" || item === null) throw bad("that is not an object");
    const { id, guid, delivered_at, status_code, redelivery, status, event, action, installation_id } = item as Record<
      string,
      unknown
    >;
    if (!Number.isSafeInteger(id)) throw bad('without a numeric "id"');
    if (typeof guid !== "string" || guid === "") throw bad('without a "guid"');
    if (!Number.isInteger(status_code)) throw bad('without a numeric "status_code"');
    if (typeof delivered_at !== "string" || Number.isNaN(Date.parse(delivered_at))) {
      throw bad('whose "delivered_at" is not a date');
    }
    return {
      id: id as number,
      guid,
      delivered_at,
      redelivery: redelivery === true,
      status: typeof status === "string" ? status : "",
      status_code: status_code as number,
      event: typeof event === "string" ? event : "unknown",
      action: typeof action === "string" ? action : null,
      installation_id: typeof installation_id === "number" ? installation_id : null,
    };
  });
}
