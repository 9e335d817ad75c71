import type { RequestInterface } from "@octokit/types";
import type { Logger } from "../../log/get-log.js";
import { keyAsText } from "../../private-key/normalize-private-key.js";
import { createTokenCache, TokenStore, type TokenCache } from "./token-store.js";

/** As Probot apps pass it: `new AppClient({ auth: { appId, privateKey } })`. */
export type CredentialsAuth = {
  appId?: number | string | undefined;
  privateKey?: string | undefined;
  installationId?: number | string | undefined;
  token?: string | undefined;
  cache?: TokenCache | undefined;
};

/** What Octokit hands an auth strategy besides `auth`. */
type StrategyContext = {
  log?: Logger | undefined;
  request?: RequestInterface | undefined;
  octokit?: unknown;
  octokitOptions?: { baseUrl?: string | undefined; auth?: unknown } & Record<string, unknown>;
};

/** `client.auth({ type: "installation", installationId, factory })`, as octokit-auth-probot answers it. */
export type FactoryRequest = {
  type?: string;
  installationId?: number;
  factory?: (options: Record<string, unknown>) => unknown;
};

/** True for an `auth` option in the credentials form (no `type`), not ours. */
export function isCredentialsAuth(auth: unknown): auth is CredentialsAuth {
  return typeof auth === "object" && auth !== null && typeof (auth as { type?: unknown }).type !== "string";
}

/** The key is checked when first used, not here. */
export function resolveCredentialsAuth(
  credentials: CredentialsAuth & StrategyContext,
):
  | { type: "app"; tokens: TokenStore }
  | { type: "installation"; installationId: number; tokens: TokenStore }
  | { type: "token"; token: string }
  | { type: "unauthenticated"; reason: string } {
  const { appId, privateKey, installationId, token } = credentials;
  if (appId !== undefined && privateKey) {
    const tokens = new TokenStore({
      appId: Number(appId),
      privateKey: keyAsText(privateKey),
      cache: credentials.cache ?? createTokenCache(),
      log: credentials.log ?? silentLog,
      baseUrl: credentials.octokitOptions?.baseUrl,
    });
    return installationId === undefined || installationId === null
      ? { type: "app", tokens }
      : { type: "installation", installationId: Number(installationId), tokens };
  }
  if (token) return { type: "token", token };
  return { type: "unauthenticated", reason: "the client's auth has neither appId and privateKey nor a token" };
}

const silentLog = { warn() {}, info() {}, debug() {}, error() {}, trace() {}, fatal() {} } as unknown as Logger;
