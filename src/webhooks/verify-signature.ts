import { createHmac, timingSafeEqual } from "node:crypto";

const SIGNATURE_HEADER = /^sha256=([0-9a-f]{64})$/;

/** Constant time, over the exact bytes; a malformed header is a mismatch, never a throw. */
export function verifySignature(
  secrets: readonly string[],
  body: Uint8Array | string,
  header: string | null | undefined,
): number {
  if (typeof header !== "string") return -1;
  const match = SIGNATURE_HEADER.exec(header);
  if (!match) return -1;
  const expected = Buffer.from(match[1]!, "hex");
  for (let index = 0; index < secrets.length; index++) {
    const actual = createHmac("sha256", secrets[index]!).update(body).digest();
    if (timingSafeEqual(actual, expected)) return index;
  }
  return -1;
}

export function signPayload(secret: string, body: Uint8Array | string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * The text a payload is signed over. A parsed payload (Probot 11 and 12 took one, from handlers
 * whose platform had parsed the body) is signed as its JSON with each `\u` escape in upper case, as
 * GitHub writes them; a string or bytes, as they are.
 */
export function signedText(payload: Uint8Array | string | object): Uint8Array | string {
  if (typeof payload === "string" || payload instanceof Uint8Array) return payload;
  // One escape at a time, so the `\\` of an escaped backslash is never read as the start of `\u`.
  return JSON.stringify(payload).replace(/\\(?:u([0-9a-f]{4})|.)/g, (escape, hex?: string) =>
    hex ? `\\u${hex.toUpperCase()}` : escape,
  );
}
