import type { createAppAuth } from "@octokit/auth-app";
import type { RequestInterface } from "@octokit/types";
import { LRUCache } from "lru-cache";
import type { AppError } from "../../errors.js";
import { registerSecret } from "../../log/secrets.js";
import type { Logger } from "../../log/get-log.js";
import { clockSkewFrom, isClockSkewError } from "./clock-skew.js";
import { interceptableFetch } from "../interceptable-fetch.js";
import type { TokenExchangeHooks } from "./token-exchange-hooks.js";
import { toPkcs8 } from "../../private-key/to-pkcs8.js";
import { validatePrivateKey } from "../../private-key/validate-private-key.js";
import { readExchangeAnswer } from "./exchange-answer.js";
import { describeExchangeFailure, exchangeError, isTransient, unsignable } from "./exchange-errors.js";

export type TokenCache = {
  get(key: number): string | undefined;
  set(key: number, value: string, options?: { ttl?: number }): unknown;
  delete(key: number): unknown;
};

export function createTokenCache(): TokenCache {
  return new LRUCache<number, string>({ max: 15000 });
}

export type MintedToken = { token: string; ttlMs: number };

/** What an exchange answered beside the token, as @octokit/auth-app gives it back from `auth()`. */
export type TokenDetails = {
  permissions: Record<string, string> | undefined;
  createdAt: string;
  expiresAt: string | undefined;
  repositorySelection: "all" | "selected" | undefined;
};

/** Tokens shared between instances (Redis); see src/redis/shared-token-cache.ts. */
export type SharedTokens = {
  /** The shared token, or `mint()` run by at most one instance at a time. */
  singleFlight(installationId: number, mint: () => Promise<MintedToken>): Promise<MintedToken>;
  /** Forgets `token` everywhere, unless a newer token replaced it. */
  delete(installationId: number, token: string): Promise<void>;
};

export type TokenStoreOptions = {
  appId: number;
  /** Why `appId` cannot sign a JWT (not a positive whole number): raised when one is needed. */
  appIdProblem?: AppError | undefined;
  privateKey: string;
  cache: TokenCache;
  log: Logger;
  baseUrl?: string | undefined;
  /** Tokens are replaced this long before the platform's `expires_at`. */
  refreshMarginMs?: number | undefined;
  /** Attempts of a token exchange that fails with 5xx or a network error. */
  exchangeAttempts?: number | undefined;
  retryDelayMs?: ((attempt: number) => number) | undefined;
  request?: RequestInterface | undefined;
  /** The `fetch` of the app's `request` option, for the exchanges (without `request`). */
  fetch?: typeof fetch | undefined;
  userAgent?: string | undefined;
  shared?: SharedTokens | undefined;
  /** Run around each exchange (the App's plugins give them: telemetry traces exchanges). */
  hooks?: TokenExchangeHooks | undefined;
};

/** Five minutes: a token is never used in the last minutes of its life. */
export const DEFAULT_REFRESH_MARGIN_MS = 5 * 60 * 1000;
const JWT_REUSE_MARGIN_MS = 60 * 1000;
const RECENT_JWTS = 8;
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

type Jwt = { token: string; expiresAt: number };

/** Tokens are reused until `refreshMarginMs` before `expires_at`; concurrent callers share one exchange. */
export class TokenStore {
  readonly appId: number;
  readonly cache: TokenCache;
  #options: TokenStoreOptions;
  /** Made on first use: @octokit/request loads only when a token is minted. */
  #request: Promise<RequestInterface> | undefined;
  /** Made on first use: @octokit/auth-app is loaded only when a JWT is needed. */
  #appAuth: Promise<ReturnType<typeof createAppAuth>> | undefined;
  #timeDifference = 0;
  #clockCorrected = false;
  /** The JWTs made since the clock was last corrected (the last few): one not here was made before. */
  #recentJwts: string[] = [];
  #jwt: Jwt | undefined;
  #pending = new Map<number, Promise<string>>();
  /** By token; bounded as the default token cache is. */
  #details = new LRUCache<string, TokenDetails>({ max: 15000 });

  constructor(options: TokenStoreOptions) {
    this.#options = options;
    this.appId = options.appId;
    this.cache = options.cache;
    registerSecret(options.privateKey);
  }

  /** Seconds added to this machine's clock to match the platform's. */
  get timeDifference(): number {
    return this.#timeDifference;
  }

  /** A JWT that authenticates as the app, reused while it has a minute left. */
  async getJwt(): Promise<string> {
    const jwt = this.#jwt;
    if (jwt && jwt.expiresAt - Date.now() > JWT_REUSE_MARGIN_MS) return jwt.token;
    const timeDifference = this.#timeDifference;
    const appAuth = await (this.#appAuth ??= this.#createAppAuth());
    const { token, expiresAt } = await appAuth({ type: "app" });
    // The clock was corrected while this one was made: it has the old time.
    if (timeDifference !== this.#timeDifference) return this.getJwt();
    this.#jwt = { token, expiresAt: Date.parse(expiresAt) - this.#timeDifference * 1000 };
    this.#recentJwts = [token, ...this.#recentJwts.slice(0, RECENT_JWTS - 1)];
    return token;
  }

  /**
   * What the exchange that made `token` answered beside it (`permissions`,
   * `expiresAt`, ...), when this process made it; a token shared by another
   * instance has none.
   */
  detailsOf(token: string): TokenDetails | undefined {
    return this.#details.get(token);
  }

  getInstallationToken(installationId: number): Promise<string> {
    const cached = this.cache.get(installationId);
    if (cached !== undefined) {
      // A token in use stays among the latest registered (a cache given in the options may
      // also hold tokens this process did not make).
      registerSecret(cached, { token: true });
      return Promise.resolve(cached);
    }
    let pending = this.#pending.get(installationId);
    if (!pending) {
      pending = this.#exchange(installationId).finally(() => this.#pending.delete(installationId));
      this.#pending.set(installationId, pending);
    }
    return pending;
  }

  invalidate(installationId: number, token: string): void {
    if (this.cache.get(installationId) === token) this.cache.delete(installationId);
    void this.#options.shared?.delete(installationId, token);
  }

  /**
   * After a clock-skew rejection of `jwt`, true when the caller should make a
   * JWT again and retry: the first time, the platform's `Date` is adopted; a
   * JWT made before that (a request that raced the first one) is simply stale.
   */
  correctClock(error: unknown, jwt?: string): boolean {
    if (!isClockSkewError(error)) return false;
    if (this.#clockCorrected) return jwt !== undefined && !this.#recentJwts.includes(jwt);
    const skew = clockSkewFrom(error);
    if (skew === undefined) return false;
    this.#clockCorrected = true;
    this.#timeDifference = skew;
    this.#jwt = undefined;
    this.#appAuth = undefined;
    this.#recentJwts = [];
    this.#options.log.warn(
      `The platform's clock is ${Math.abs(skew)}s ${skew >= 0 ? "ahead of" : "behind"} this machine's; ` +
        "app JWTs now account for it. Synchronise this machine's clock (NTP) to remove this warning.",
    );
    return true;
  }

  async #exchange(installationId: number): Promise<string> {
    const mint = () => this.#mintWithRetries(installationId);
    const shared = this.#options.shared;
    const run = () => (shared ? shared.singleFlight(installationId, mint) : mint());
    const hooks = this.#options.hooks;
    const { token, ttlMs } = await (hooks ? hooks.exchange(installationId, run) : run());
    registerSecret(token, { token: true });
    if (ttlMs > 0) this.cache.set(installationId, token, { ttl: ttlMs });
    return token;
  }

  async #mintWithRetries(installationId: number): Promise<MintedToken> {
    const attempts = this.#options.exchangeAttempts ?? 3;
    let clockRetries = 0;
    for (let attempt = 1; ; attempt++) {
      let jwt: string | undefined;
      try {
        jwt = await this.getJwt().catch(unsignable);
        return await this.#mint(installationId, jwt);
      } catch (error) {
        if (clockRetries++ < 2 && this.correctClock(error, jwt)) continue;
        if (attempt >= attempts || !isTransient(error)) throw exchangeError(error, installationId, this.appId);
        const delay = this.#options.retryDelayMs?.(attempt) ?? Math.min(250 * 2 ** (attempt - 1), 4000);
        this.#options.log.warn(
          `Token exchange for installation ${installationId} failed (${describeExchangeFailure(error)}); retry ${attempt} of ${attempts - 1} in ${delay}ms`,
        );
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  async #mint(installationId: number, jwt: string): Promise<MintedToken> {
    const request = await (this.#request ??= this.#createRequest());
    const { data } = await request("POST /app/installations/{installation_id}/access_tokens", {
      installation_id: installationId,
      headers: { authorization: `bearer ${jwt}`, ...this.#options.hooks?.headers() },
    });
    const platformNow = Date.now() + this.#timeDifference * 1000;
    const { token, expires } = readExchangeAnswer(data, platformNow, installationId, TOKEN_LIFETIME_MS);
    const ttlMs = expires - platformNow - (this.#options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS);
    const answer = data as { permissions?: unknown; expires_at?: unknown; repository_selection?: unknown };
    this.#details.set(token, {
      permissions: (answer.permissions ?? undefined) as TokenDetails["permissions"],
      createdAt: new Date().toISOString(),
      expiresAt: typeof answer.expires_at === "string" ? answer.expires_at : undefined,
      repositorySelection: (answer.repository_selection ?? undefined) as TokenDetails["repositorySelection"],
    });
    return { token, ttlMs };
  }

  async #createRequest(): Promise<RequestInterface> {
    const options = this.#options;
    const request = options.request ?? (await import("@octokit/request")).request;
    return request.defaults({
      ...(options.request ? {} : { request: { fetch: options.fetch ?? interceptableFetch } }),
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      headers: { "user-agent": options.userAgent ?? "gh-app-kit" },
    });
  }

  async #createAppAuth(): Promise<ReturnType<typeof createAppAuth>> {
    if (this.#options.appIdProblem) throw this.#options.appIdProblem;
    const { createAppAuth } = await import("@octokit/auth-app");
    // Checked when first needed, not when the app is made: an app whose
    // tests only use a platform token may carry a placeholder key, as with Probot.
    // PKCS#8: outside Node the JWT is signed with WebCrypto, which imports no PKCS#1.
    const privateKey = toPkcs8(validatePrivateKey(this.#options.privateKey, "The privateKey option"));
    registerSecret(privateKey);
    return createAppAuth({
      appId: this.appId,
      privateKey,
      request: await (this.#request ??= this.#createRequest()),
      log: this.#options.log,
      ...(this.#timeDifference ? { timeDifference: this.#timeDifference } : {}),
    } as Parameters<typeof createAppAuth>[0]);
  }
}
