const BASE64 = /^[A-Za-z0-9+/=_\s-]+$/;
const PEM = /^(-----BEGIN ([A-Z0-9 ]+)-----)\s*([\s\S]*?)\s*(-----END \2-----)$/;

/**
 * A key given as bytes (a `Buffer` from `fs.readFile` without an encoding, as
 * Probot 9's app template read its test key) as its text; anything else as it is.
 */
export function keyAsText<T>(key: T): T | string {
  return key instanceof Uint8Array ? new TextDecoder().decode(key) : key;
}

/** Accepts keys as people store them (`\n`-escaped in .env, "\r\n", base64 of the PEM, one line). */
export function normalizePrivateKey(raw: string): string {
  let text = raw.trim();
  if (!text.includes("-----") && BASE64.test(text)) {
    const decoded = Buffer.from(text, "base64").toString("utf8").trim();
    if (decoded.startsWith("-----BEGIN")) text = decoded;
  }
  text = text.replace(/\\r/g, "").replace(/\\n/g, "\n").replace(/\r\n?/g, "\n").trim();
  const match = PEM.exec(text);
  // A body with headers (`Proc-Type: 4,ENCRYPTED`) keeps its own layout.
  if (match === null || match[3]!.includes(":")) return `${text}\n`;
  const body = match[3]!.replace(/\s+/g, "").replace(/.{64}/g, "$&\n");
  return `${match[1]}\n${body.replace(/\n$/, "")}\n${match[4]}\n`;
}
