import { randomBytes } from "node:crypto";

/** What a token was issued for: it is accepted for that form only. */
export type StatePurpose = "manifest" | "import" | "confirm";

export type StateTokens = {
  /** A new unguessable token for one use of `purpose`'s form. */
  issue(purpose: StatePurpose): string;
  /** True once for a live token of `purpose`; the token is spent either way. */
  consume(token: string | null | undefined, purpose: StatePurpose): boolean;
};

export type StateTokensOptions = {
  /** How long a token is accepted. Default: 30 minutes (time to fill GitHub's form). */
  ttlMs?: number;
  /** Tokens kept at most; expired ones go first, then the oldest. Default: 1000. */
  max?: number;
  now?: () => number;
};

/** So another site cannot post credentials here or replay GitHub's redirect. */
export function createStateTokens({
  ttlMs = 30 * 60_000,
  max = 1000,
  now = Date.now,
}: StateTokensOptions = {}): StateTokens {
  // Insertion order is issue order, so the first entries are the oldest (and expire first).
  const live = new Map<string, { purpose: StatePurpose; expiresAt: number }>();
  return {
    issue(purpose) {
      const token = randomBytes(32).toString("base64url");
      const at = now();
      // Expired tokens go first: reloading a page many times must not push
      // out the token of a form someone is filling in now. Only when the
      // store is full of live tokens does the oldest go.
      for (const [key, entry] of live) {
        if (entry.expiresAt > at) break;
        live.delete(key);
      }
      live.set(token, { purpose, expiresAt: at + ttlMs });
      for (const key of live.keys()) {
        if (live.size <= max) break;
        live.delete(key);
      }
      return token;
    },
    consume(token, purpose) {
      if (typeof token !== "string" || token === "") return false;
      const entry = live.get(token);
      if (!entry) return false;
      live.delete(token);
      return entry.purpose === purpose && entry.expiresAt > now();
    },
  };
}
