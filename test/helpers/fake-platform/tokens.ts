import { randomBytes } from "node:crypto";

type IssuedToken = { installationId: number; expiresAt: number; revoked: boolean };

export type TokenLookup = { status: "valid"; installationId: number } | { status: "expired" | "revoked" | "unknown" };

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * Installation tokens: `ghs_` plus 36 alphanumerics, like GitHub's, or, given `stateless`,
 * `ghs_<app id>_<JWT>` as GitHub issues them now.
 */
export function createTokenStore(stateless?: { appId: number }) {
  const tokens = new Map<string, IssuedToken>();
  return {
    /** `nowMs` and the result's `expiresAt` are on the platform's clock. */
    issue(installationId: number, ttlSeconds: number, nowMs: number) {
      const token = stateless
        ? statelessToken(stateless.appId, installationId, nowMs, ttlSeconds)
        : `ghs_${randomAlphanumeric(36)}`;
      const expiresAt = nowMs + ttlSeconds * 1000;
      tokens.set(token, { installationId, expiresAt, revoked: false });
      return { token, expiresAt };
    },
    lookup(token: string, nowMs: number): TokenLookup {
      const issued = tokens.get(token);
      if (issued === undefined) return { status: "unknown" };
      if (issued.revoked) return { status: "revoked" };
      if (nowMs >= issued.expiresAt) return { status: "expired" };
      return { status: "valid", installationId: issued.installationId };
    },
    revoke(token: string) {
      const issued = tokens.get(token);
      if (issued !== undefined) issued.revoked = true;
    },
    list: () => [...tokens.keys()],
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;

/** A JWT-shaped token whose claims vary in length, so that no two have the same size. */
function statelessToken(appId: number, installationId: number, nowMs: number, ttlSeconds: number): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const header = encode({ alg: "RS256", typ: "JWT", kid: randomAlphanumeric(8) });
  const iat = Math.floor(nowMs / 1000);
  const claims = encode({
    iss: String(appId),
    sub: `installation:${installationId}`,
    iat,
    exp: iat + ttlSeconds,
    jti: randomAlphanumeric(16 + (randomBytes(1)[0]! % 48)),
  });
  // 256 bytes of signature, as RS256's are: base64url puts dashes and underscores in it.
  return `ghs_${appId}_${header}.${claims}.${randomBytes(256).toString("base64url")}`;
}

function randomAlphanumeric(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("");
}
