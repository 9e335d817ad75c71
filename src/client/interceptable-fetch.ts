import { createRequire } from "node:module";

type Fetch = typeof globalThis.fetch;

const require = createRequire(import.meta.url);
let nodeFetch: Promise<Fetch> | undefined;

/** nock 13 intercepts only node:http, not the global `fetch` the client uses. */
function httpIsIntercepted(): boolean {
  const { ClientRequest } = require("node:http") as typeof import("node:http");
  return ClientRequest.name !== "ClientRequest";
}

/**
 * `fetch` is looked up per request, so an interceptor installed later (msw,
 * nock 14) sees it; node-fetch (loaded only then) while node:http is
 * intercepted, so apps' tests written for Probot 12 and nock 13 still work.
 */
export const interceptableFetch: Fetch = async (input, init) => {
  if (!httpIsIntercepted()) return globalThis.fetch(input, init);
  const fetch = await (nodeFetch ??= import("node-fetch").then((module) => module.default as unknown as Fetch));
  return fetch(input, init);
};
