import { createHmac } from "node:crypto";

/**
 * A request the fuzz sends. The fuzz app throws for every delivery of
 * FAILING_EVENT that reaches it, so 500 is the right answer to those.
 */
export type FuzzRequest =
  | {
      kind: "http";
      label: string;
      method: string;
      path: string;
      headers: Record<string, string | string[]>;
      body: Buffer;
      /** Sent without Content-Length, in up to three chunks. */
      chunked: boolean;
      /** The server may cut the connection before answering (over the body limit, oversized headers). */
      mayReset: boolean;
    }
  /** `event`: the event of the delivery the bytes were made from, when they carry a whole one. */
  | { kind: "raw"; label: string; bytes: Buffer[]; event?: string | undefined };

export const FUZZ_PATH = "/api/github/webhooks";
export const FAILING_EVENT = "fuzz_fail";
export const FUZZ_BODY_LIMIT = 64 * 1024;

/** mulberry32: a tiny seeded PRNG, so a failing run can be replayed with FUZZ_SEED. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Pick = {
  int(max: number): number;
  chance(p: number): boolean;
  one<T>(items: readonly T[]): T;
  bytes(length: number): Buffer;
  /** Characters an HTTP header value may carry (Node refuses others before sending). */
  text(length: number): string;
};

export function createPick(random: () => number): Pick {
  const int = (max: number) => Math.floor(random() * max);
  return {
    int,
    chance: (p) => random() < p,
    one: (items) => items[int(items.length)]!,
    bytes: (length) => Buffer.from(Array.from({ length }, () => int(256))),
    text: (length) => String.fromCharCode(...Array.from({ length }, () => 0x20 + int(0x5f))),
  };
}

export const sign = (secret: string, body: Buffer | string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

/** A valid, signed delivery: the starting point of every mutation. */
export function validDelivery(
  secret: string,
  event: string,
  id: string,
  payload: object,
): FuzzRequest & { kind: "http" } {
  const body = Buffer.from(JSON.stringify(payload));
  return {
    kind: "http",
    label: `valid ${event}`,
    method: "POST",
    path: FUZZ_PATH,
    headers: {
      "content-type": "application/json",
      "x-github-event": event,
      "x-github-delivery": id,
      "x-hub-signature-256": sign(secret, body),
    },
    body,
    chunked: false,
    mayReset: false,
  };
}
