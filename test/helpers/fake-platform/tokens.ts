import { randomBytes } from "node:crypto";

type IssuedToken = { installationId: number; expiresAt: number; revoked: boolean };

export type TokenLookup = { status: "valid"; installationId: number } | { status: "expired" | "revoked" | "unknown" };

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Installation tokens: `ghs_` plus 36 alphanumerics, like GitHub's. */
export function createTokenStore() {
  const tokens = new Map<string, IssuedToken>();
  return {
    /** `nowMs` and the result's `expiresAt` are on the platform's clock. */
    issue(installationId: number, ttlSeconds: number, nowMs: number) {
      const token = `ghs_${randomAlphanumeric(36)}`;
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

function randomAlphanumeric(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("");
}
