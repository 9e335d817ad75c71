import { createRequire } from "node:module";

type Fetch = typeof globalThis.fetch;

const require = createRequire(import.meta.url);
let nodeFetch: Promise<Fetch> | undefined;

/**
 * True when something replaced `http.ClientRequest` to intercept requests
 * made with node:http, as nock does. nock 13 intercepts only node:http, not
 * the global `fetch` the client uses, so under it requests must go through
 * node:http to be intercepted (and stopped by `nock.disableNetConnect()`).
 */
function httpIsIntercepted(): boolean {
  const { ClientRequest } = require("node:http") as typeof import("node:http");
  return ClientRequest.name !== "ClientRequest";
}

/**
 * The `fetch` every client and token exchange sends requests with: the
 * global `fetch`, looked up on every request so that an interceptor
 * installed later (msw, nock 14) sees them; but node-fetch, which sends
 * through node:http, while node:http is intercepted, so that apps' tests
 * written for Probot 12 and nock 13 intercept our requests too. node-fetch
 * loads only then.
 */
export const interceptableFetch: Fetch = async (input, init) => {
  if (!httpIsIntercepted()) return globalThis.fetch(input, init);
  const fetch = await (nodeFetch ??= import("node-fetch").then((module) => module.default as unknown as Fetch));
  return fetch(input, init);
};
