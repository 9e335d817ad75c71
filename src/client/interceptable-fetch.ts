type Fetch = typeof globalThis.fetch;

let nodeFetch: Promise<Fetch> | undefined;
let http: Promise<typeof import("node:http") | undefined> | undefined;

/**
 * nock 13 intercepts only node:http (its exports object, which is the default
 * export), not the global `fetch`. A runtime without node:http has no nock.
 */
async function httpIsIntercepted(): Promise<boolean> {
  const exports = await (http ??= import("node:http").then(
    (module) => module.default,
    () => undefined,
  ));
  return exports !== undefined && exports.ClientRequest.name !== "ClientRequest";
}

/**
 * The global `fetch` as @mswjs/interceptors replaces it (nock 14, msw 2): they intercept node:http
 * too, but Probot 13 and 14 send with `fetch`, so their apps' tests meet this interceptor.
 */
function fetchIsIntercepted(global: Fetch): boolean {
  return global.name === "fetchProxy";
}

/**
 * `fetch` is looked up per request, so an interceptor installed later (msw,
 * nock 14) sees it; node-fetch (loaded only then) while only node:http is
 * intercepted, so apps' tests written for Probot 12 and nock 13 still work,
 * or when an app deleted the global `fetch` (electron/trop does, at load, so
 * that its requests go through node-fetch, as Probot 12's did).
 */
export const interceptableFetch: Fetch = async (input, init) => {
  const global = typeof globalThis.fetch === "function" ? globalThis.fetch : undefined;
  if (global && (fetchIsIntercepted(global) || !(await httpIsIntercepted()))) return global(input, init);
  const fetch = await (nodeFetch ??= import("#node-fetch").then((module) => module.default as unknown as Fetch));
  return fetch(input, init);
};
