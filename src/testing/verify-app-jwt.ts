import { verify } from "node:crypto";

/** What the platform checks before it issues an installation token. */
export function verifyAppJwt(jwt: string, { appId, publicKey }: { appId: number; publicKey: string }): boolean {
  const [header = "", payload = "", signature = ""] = jwt.split(".");
  try {
    const { alg } = JSON.parse(Buffer.from(header, "base64url").toString("utf8")) as { alg?: unknown };
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { iss?: unknown; exp?: unknown };
    const signed = verify(
      "RSA-SHA256",
      Buffer.from(`${header}.${payload}`),
      publicKey,
      Buffer.from(signature, "base64url"),
    );
    return alg === "RS256" && signed && String(claims.iss) === String(appId) && Number(claims.exp) > Date.now() / 1000;
  } catch {
    return false; // not a JWT at all
  }
}
