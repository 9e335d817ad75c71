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
  /** Attempts `GET /app/hook/deliveries` serves (any order; served newest first). */
  hookDeliveries: Array<{ id: number; guid: string; delivered_at: string; [key: string]: unknown }>;
  /** Attempt ids given to `POST /app/hook/deliveries/:delivery_id/attempts`, in order. */
  redeliveryRequests: number[];
  /** Origin + pathPrefix, for absolute URLs in answers. */
  baseUrl: string;
};

export function repoKey(owner: string, repo: string): string {
  return `${owner}/${repo}`.toLowerCase();
}
