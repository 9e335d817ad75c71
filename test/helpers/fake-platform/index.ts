import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { addAppRoutes } from "./app-routes.js";
import { authenticate, authorize } from "./authenticate.js";
import { readBody, writeResponse } from "./http.js";
import { errorResponse, NOT_FOUND } from "./messages.js";
import { addHookDeliveryRoutes } from "./hook-delivery-routes.js";
import { addRepoRoutes } from "./repo-routes.js";
import { createFailQueue, createRouter, matchesRoute } from "./router.js";
import { repoKey, type PlatformState } from "./state.js";
import { createTokenStore } from "./tokens.js";
import type { FakePlatform, FakePlatformOptions, FakeResponse, PlatformCall, RouteAuth } from "./types.js";

const APP_ROUTE = /^\/(app(\/|$)|(repos\/[^/]+\/[^/]+|orgs\/[^/]+|users\/[^/]+|enterprises\/[^/]+)\/installation$)/;

/**
 * Starts a fake GitHub REST API on 127.0.0.1 that checks the app's RS256 JWT
 * and the installation tokens it issued, as GitHub does.
 *
 * @example
 * const platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
 * after(() => platform.close());
 */
export async function startFakePlatform(options: FakePlatformOptions): Promise<FakePlatform> {
  const prefix = normalizePrefix(options.pathPrefix);
  const skewMs = (options.clockSkewSeconds ?? 0) * 1000;
  const nowMs = () => Date.now() + skewMs;
  const personalTokens = new Set(options.personalTokens ?? []);
  const router = createRouter();
  const failures = createFailQueue();
  const calls: PlatformCall[] = [];

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      writeResponse(response, errorResponse(500, `Fake platform error: ${String(error)}`), nowMs());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const state: PlatformState = {
    appId: options.appId ?? 1,
    installations: [...(options.installations ?? [1])],
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    nowMs,
    tokens: createTokenStore(options.tokenFormat === "stateless" ? { appId: options.appId ?? 1 } : undefined),
    appEvents: ["issues", "issue_comment", "push"],
    issues: new Map(),
    comments: [],
    hookDeliveries: [],
    redeliveryRequests: [],
    baseUrl: origin + prefix,
  };
  addAppRoutes(router.add, state);
  addRepoRoutes(router.add, state);
  addHookDeliveryRoutes(router.add, state);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", origin);
    const hasPrefix = prefix === "" || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
    const call: PlatformCall = {
      method: (request.method ?? "GET").toUpperCase(),
      path: hasPrefix ? url.pathname.slice(prefix.length) || "/" : url.pathname,
      rawPath: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: await readBody(request),
      auth: authenticate(request.headers, {
        appId: state.appId,
        publicKey: options.publicKey,
        personalTokens,
        tokens: state.tokens,
        nowMs: nowMs(),
      }),
    };
    calls.push(call);
    writeResponse(response, await answer(call, hasPrefix), nowMs(), rateLimitHeaders(call));
  }

  async function answer(call: PlatformCall, hasPrefix: boolean): Promise<FakeResponse> {
    if (!hasPrefix) return errorResponse(404, NOT_FOUND);
    const failure = failures.take(call);
    if (failure !== undefined) return failure;
    const found = router.find(call.method, call.path);
    if (found === undefined) return errorResponse(404, NOT_FOUND);
    return authorize(found.route.auth, call.auth) ?? (await found.route.handler({ ...call, params: found.params }));
  }

  // Each installation (and token) has its own core rate limit, as on GitHub: 5000 an hour, one used per call.
  const used = new Map<string, number>();
  function rateLimitHeaders(call: PlatformCall): Record<string, string> {
    if (call.auth.type !== "installation" && call.auth.type !== "token") return {};
    const key = call.auth.type === "installation" ? `installation ${call.auth.installationId}` : call.auth.token;
    const count = (used.get(key) ?? 0) + 1;
    used.set(key, count);
    return {
      "x-ratelimit-limit": "5000",
      "x-ratelimit-remaining": String(Math.max(0, 5000 - count)),
      "x-ratelimit-used": String(count),
      "x-ratelimit-reset": String(Math.floor(nowMs() / 1000) + 3600),
      "x-ratelimit-resource": "core",
    };
  }

  const callsTo = (method: string, pattern: string) => {
    const matches = matchesRoute(method, pattern);
    return calls.filter((call) => call.rawPath === prefix + call.path && matches(call));
  };

  return {
    url: state.baseUrl,
    origin,
    calls,
    callsTo,
    tokenExchanges: () => callsTo("POST", "/app/installations/:installation_id/access_tokens"),
    on(method, pattern, handler, routeOptions) {
      const auth: RouteAuth = routeOptions?.auth ?? (APP_ROUTE.test(pattern) ? "app" : "token");
      router.add(method, pattern, handler, auth);
    },
    failNext(method, pattern, response, times = 1) {
      failures.add(method, pattern, response, times);
    },
    revokeToken: (token) => state.tokens.revoke(token),
    issuedTokens: () => state.tokens.list(),
    issueToken: (installationId = state.installations[0] ?? 1) =>
      state.tokens.issue(installationId, state.tokenTtlSeconds, nowMs()).token,
    setAppEvents(events) {
      state.appEvents = [...events];
    },
    setIssues(owner, repo, items) {
      state.issues.set(repoKey(owner, repo), [...items]);
    },
    setHookDeliveries(items) {
      state.hookDeliveries = [...items];
    },
    redeliveryRequests: () => [...state.redeliveryRequests],
    comments: () => [...state.comments],
    reset() {
      calls.length = 0;
      state.comments.length = 0;
      state.redeliveryRequests.length = 0;
      failures.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? "").replace(/\/+$/, "");
  return trimmed === "" || trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}
