import { verify } from "node:crypto";
import { JWT_EXP_INVALID, JWT_EXP_TOO_FAR, JWT_IAT_INVALID, JWT_UNDECODABLE } from "./messages.js";

export type JwtCheck = { ok: true; appId: number } | { ok: false; reason: string };

export type JwtCheckOptions = {
  appId: number;
  publicKey: string;
  /** The platform's clock, in seconds. */
  nowSeconds: number;
};

/** A bearer credential is treated as a JWT when it has three dot-separated parts. */
export function looksLikeJwt(credential: string): boolean {
  return credential.split(".").length === 3;
}

// Checked in the order GitHub appears to use; limits from
// https://docs.github.com/en/apps/creating-github-apps/authenticating-with-a-github-app/generating-a-json-web-token-jwt-for-a-github-app
export function verifyAppJwt(jwt: string, options: JwtCheckOptions): JwtCheck {
  const parts = jwt.split(".");
  const [encodedHeader = "", encodedPayload = "", signature = ""] = parts;
  const header = decodeSegment(encodedHeader);
  const payload = decodeSegment(encodedPayload);
  if (parts.length !== 3 || header?.["alg"] !== "RS256" || payload === undefined) {
    return fail(JWT_UNDECODABLE);
  }
  if (!hasValidSignature(`${encodedHeader}.${encodedPayload}`, signature, options.publicKey)) {
    return fail(JWT_UNDECODABLE);
  }
  if (String(payload["iss"]) !== String(options.appId)) return fail(JWT_UNDECODABLE);

  const { iat, exp } = payload;
  const now = options.nowSeconds;
  if (!Number.isInteger(iat) || (iat as number) > now + 60) return fail(JWT_IAT_INVALID);
  if (!Number.isInteger(exp) || (exp as number) <= now) return fail(JWT_EXP_INVALID);
  if ((exp as number) - (iat as number) > 600 || (exp as number) > now + 600) {
    return fail(JWT_EXP_TOO_FAR);
  }
  return { ok: true, appId: options.appId };
}

function fail(reason: string): JwtCheck {
  return { ok: false, reason };
}

function decodeSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function hasValidSignature(signed: string, signature: string, publicKey: string): boolean {
  try {
    return verify("RSA-SHA256", Buffer.from(signed), publicKey, Buffer.from(signature, "base64url"));
  } catch {
    return false;
  }
}
