import type { IncomingHttpHeaders } from "node:http";

/** Who the platform decided a request came from. */
export type PlatformAuth =
  | { type: "app"; appId: number }
  | { type: "installation"; installationId: number; token: string }
  | { type: "token"; token: string }
  | { type: "none" }
  | { type: "invalid"; reason: string };

/** One request as the fake platform received it. */
export type PlatformCall = {
  method: string;
  /** The path without `pathPrefix` (as sent when the prefix was missing). */
  path: string;
  /** The path exactly as sent, prefix included. */
  rawPath: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, the raw text when not JSON, `undefined` when empty. */
  body: unknown;
  auth: PlatformAuth;
};

export type FakeResponse = {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
};

export type RouteHandler = (
  request: PlatformCall & { params: Record<string, string> },
) => FakeResponse | Promise<FakeResponse>;

/**
 * Which credentials a route accepts:
 * - `app`: the app's JWT (the `/app/...` and `.../installation` routes)
 * - `token`: an installation token the platform issued, or a personal token
 * - `public`: anything that is not invalid, including no auth at all
 */
export type RouteAuth = "app" | "token" | "public";

export type RouteOptions = { auth?: RouteAuth };

export type FakePlatformOptions = {
  /** Default 1. */
  appId?: number;
  /** PEM public key the app's JWTs must verify against (RS256). */
  publicKey: string;
  /** e.g. "/api/v3" to act as GitHub Enterprise Server. */
  pathPrefix?: string;
  /** Lifetime of installation tokens, default 3600. */
  tokenTtlSeconds?: number;
  /** The platform's clock = local clock + skew. */
  clockSkewSeconds?: number;
  /** Tokens accepted as `token` auth (like a GITHUB_TOKEN). */
  personalTokens?: string[];
  /** Known installation ids, default [1]. */
  installations?: number[];
  /**
   * "classic" (default): `ghs_` and 36 alphanumerics. "stateless": `ghs_<app id>_<JWT>`, as
   * GitHub now issues them: dots and dashes inside, 500 to 600 characters.
   */
  tokenFormat?: "classic" | "stateless";
};

export type RecordedComment = {
  owner: string;
  repo: string;
  issue_number: number;
  body: unknown;
  auth: PlatformAuth;
};

export interface FakePlatform {
  /** "http://127.0.0.1:PORT" + pathPrefix: use as Octokit's `baseUrl`. */
  url: string;
  /** "http://127.0.0.1:PORT". */
  origin: string;
  /** Every request, in order. */
  calls: PlatformCall[];
  /** Calls whose path (without prefix) matches a pattern such as "/repos/:owner/:repo". */
  callsTo(method: string, pathPattern: string): PlatformCall[];
  /** `POST /app/installations/:installation_id/access_tokens` calls. */
  tokenExchanges(): PlatformCall[];
  /** Adds or overrides a route; later registrations win. */
  on(method: string, pathPattern: string, handler: RouteHandler, options?: RouteOptions): void;
  /** Answers the next `times` (default 1) matching requests with `response`, before any auth check. */
  failNext(method: string, pathPattern: string, response: FakeResponse, times?: number): void;
  /** The token now gets 401 Bad credentials. */
  revokeToken(token: string): void;
  /** Every installation token issued so far, oldest first. */
  issuedTokens(): string[];
  /** Issues an installation token directly, without a token exchange call. */
  issueToken(installationId?: number): string;
  /** The `events` of the `GET /app` record. */
  setAppEvents(events: string[]): void;
  /** The items `GET /repos/:owner/:repo/issues` pages through. */
  setIssues(owner: string, repo: string, items: unknown[]): void;
  /** The attempts `GET /app/hook/deliveries` serves (newest first, paged with a cursor). */
  setHookDeliveries(items: Array<{ id: number; guid: string; delivered_at: string; [key: string]: unknown }>): void;
  /** Attempt ids given to `POST /app/hook/deliveries/:delivery_id/attempts`, in order. */
  redeliveryRequests(): number[];
  /** Comments created through `POST /repos/:owner/:repo/issues/:issue_number/comments`. */
  comments(): RecordedComment[];
  /** Clears calls, comments and failNext queues; keeps tokens, routes and data. */
  reset(): void;
  close(): Promise<void>;
}
