import type { IncomingHttpHeaders } from "node:http";
import { looksLikeJwt, verifyAppJwt } from "./jwt.js";
import { BAD_CREDENTIALS, JWT_UNDECODABLE, REQUIRES_AUTHENTICATION, errorResponse } from "./messages.js";
import type { TokenStore } from "./tokens.js";
import type { FakeResponse, PlatformAuth, RouteAuth } from "./types.js";

export type AuthContext = {
  appId: number;
  publicKey: string;
  personalTokens: ReadonlySet<string>;
  tokens: TokenStore;
  nowMs: number;
};

/** Reads `authorization` the way GitHub does: `bearer <jwt>`, `token <x>` or `bearer <x>`. */
export function authenticate(headers: IncomingHttpHeaders, context: AuthContext): PlatformAuth {
  const header = headers.authorization;
  if (header === undefined || header.trim() === "") return { type: "none" };
  const match = /^(bearer|token)\s+(\S+)\s*$/i.exec(header);
  if (match === null) return { type: "invalid", reason: BAD_CREDENTIALS };
  const scheme = match[1]!.toLowerCase();
  const credential = match[2]!;

  if (scheme === "bearer" && looksLikeJwt(credential)) {
    const check = verifyAppJwt(credential, {
      appId: context.appId,
      publicKey: context.publicKey,
      nowSeconds: Math.floor(context.nowMs / 1000),
    });
    return check.ok ? { type: "app", appId: check.appId } : { type: "invalid", reason: check.reason };
  }
  const issued = context.tokens.lookup(credential, context.nowMs);
  if (issued.status === "valid") {
    return { type: "installation", installationId: issued.installationId, token: credential };
  }
  if (issued.status === "unknown" && context.personalTokens.has(credential)) {
    return { type: "token", token: credential };
  }
  return { type: "invalid", reason: BAD_CREDENTIALS };
}

/** The 401 a route answers for these credentials, or `undefined` when they are accepted. */
export function authorize(required: RouteAuth, auth: PlatformAuth): FakeResponse | undefined {
  switch (required) {
    case "app":
      if (auth.type === "app") return undefined;
      // A token (valid or not) where a JWT is expected fails to decode as one.
      return errorResponse(
        401,
        auth.type === "invalid" && auth.reason !== BAD_CREDENTIALS ? auth.reason : JWT_UNDECODABLE,
      );
    case "token":
      if (auth.type === "installation" || auth.type === "token") return undefined;
      if (auth.type === "invalid") return errorResponse(401, auth.reason);
      return errorResponse(401, auth.type === "none" ? REQUIRES_AUTHENTICATION : JWT_UNDECODABLE);
    case "public":
      return auth.type === "invalid" ? errorResponse(401, auth.reason) : undefined;
  }
}
