export type Page = { items: unknown[]; headers: Record<string, string> };

/**
 * Serves one page of `items` as GitHub does: `per_page` (default 30, at most
 * 100) and `page` (default 1), with a `Link` header of absolute URLs.
 * https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api
 */
export function paginate(items: unknown[], query: URLSearchParams, pageUrl: string): Page {
  const perPage = Math.min(readPositive(query.get("per_page"), 30), 100);
  const page = readPositive(query.get("page"), 1);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  if (lastPage === 1) return { items: slice, headers: {} };

  const link = (target: number, rel: string) => {
    const url = new URL(pageUrl);
    for (const [key, value] of query) url.searchParams.append(key, value);
    url.searchParams.set("page", String(target));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(Math.min(page - 1, lastPage), "prev"));
  if (page < lastPage) links.push(link(page + 1, "next"), link(lastPage, "last"));
  if (page > 1) links.push(link(1, "first"));
  return { items: slice, headers: { link: links.join(", ") } };
}

function readPositive(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return value !== null && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}
