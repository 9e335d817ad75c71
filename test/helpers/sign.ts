import { createHmac } from "node:crypto";

/**
 * Signs a webhook body the way GitHub does for `X-Hub-Signature-256`.
 *
 * @example
 * headers["x-hub-signature-256"] = sign("test-secret", body);
 */
export function sign(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}
