import type { TokenStore } from "./tokens.js";
import type { RecordedComment } from "./types.js";

/** The in-memory data the default routes serve and record. */
export type PlatformState = {
  appId: number;
  installations: number[];
  tokenTtlSeconds: number;
  /** The platform's clock in milliseconds (local clock + skew). */
  nowMs(): number;
  tokens: TokenStore;
  appEvents: string[];
  issues: Map<string, unknown[]>;
  comments: RecordedComment[];
  /** Origin + pathPrefix, for absolute URLs in answers. */
  baseUrl: string;
};

export function repoKey(owner: string, repo: string): string {
  return `${owner}/${repo}`.toLowerCase();
}
