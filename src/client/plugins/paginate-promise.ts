import type { Octokit } from "@octokit/core";
import { warnOnce } from "../catalogue/warn-once.js";
import { VERSION } from "../../version.js";

type Response = { headers?: Record<string, unknown> };
type Callback = (response: Response, done: () => void) => unknown;
type Paginate = ((...args: unknown[]) => Promise<unknown>) & { iterator?: unknown };

/**
 * `client.paginate(promise, (response, done) => ...)`, Probot 7 to 9's form: the first page's
 * response promise, then each next page by its `link` header, what the callback returns for each
 * page concatenated (the responses themselves without a callback), until there is no next page or
 * the callback calls `done()`. One warning. Every other form is today's `paginate`, untouched.
 */
export function paginatePromise(octokit: Octokit): void {
  const client = octokit as Octokit & { paginate?: Paginate };
  const today = client.paginate;
  if (typeof today !== "function") return;
  client.paginate = Object.assign(
    (...args: unknown[]) => {
      const [first, callback] = args as [unknown, Callback | undefined];
      if (!isThenable(first)) return today(...args);
      warnOnce(
        octokit.log,
        "paginate(promise)",
        "client.paginate(promise, callback) is deprecated (Probot 7 to 9): use client.paginate(client.issues.listForRepo, parameters, (response, done) => ...)",
      );
      return follow(octokit, first, callback ?? ((response) => response));
    },
    { iterator: today.iterator },
  );
}
paginatePromise.VERSION = VERSION;

async function follow(octokit: Octokit, first: PromiseLike<Response>, callback: Callback): Promise<unknown[]> {
  let more = true;
  const done = () => void (more = false);
  let response = await first;
  let collection: unknown[] = [].concat(await (callback(response, done) as never));
  for (let next = nextPage(response); more && next !== undefined; next = nextPage(response)) {
    response = await octokit.request({ method: "GET", url: next });
    collection = collection.concat(await (callback(response, done) as never));
  }
  return collection;
}

function nextPage(response: Response): string | undefined {
  const link = response.headers?.link;
  return typeof link === "string" ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
}

function isThenable(value: unknown): value is PromiseLike<Response> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}
