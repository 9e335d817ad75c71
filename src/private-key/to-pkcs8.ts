/** A PEM armour line: `pem("BEGIN", "PRIVATE KEY")`. */
const pem = (edge: "BEGIN" | "END", label: string): string => `-----${edge} ${label}-----`;
const PKCS1 = new RegExp(`^${pem("BEGIN", "RSA PRIVATE KEY")}\\n([\\s\\S]+?)\\n${pem("END", "RSA PRIVATE KEY")}\\n?$`);
// AlgorithmIdentifier of rsaEncryption (1.2.840.113549.1.1.1) with NULL parameters, and version 0.
const VERSION = [0x02, 0x01, 0x00];
const RSA_ENCRYPTION = [0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];

/**
 * The PKCS#8 PEM of a PKCS#1 RSA key (GitHub hands out PKCS#1): WebCrypto,
 * which signs the app's JWTs outside Node (Workers, Deno, Bun, browsers),
 * imports only PKCS#8. The PKCS#1 structure is wrapped as it is, so this
 * needs no crypto library. Any other PEM is returned unchanged.
 *
 * @example
 * const pem = toPkcs8(validatePrivateKey(raw, "PRIVATE_KEY"));
 */
export function toPkcs8(key: string): string {
  const match = PKCS1.exec(key);
  if (match === null) return key;
  const pkcs1 = Buffer.from(match[1]!.replace(/\s+/g, ""), "base64");
  const inner = Buffer.concat([Buffer.from(VERSION), Buffer.from(RSA_ENCRYPTION), derElement(0x04, pkcs1)]);
  const body = derElement(0x30, inner).toString("base64");
  const lines = body.match(/.{1,64}/g)!.join("\n");
  return `${pem("BEGIN", "PRIVATE KEY")}\n${lines}\n${pem("END", "PRIVATE KEY")}\n`;
}

function derElement(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag, ...derLength(content.length)]), content]);
}

function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return [0x80 | bytes.length, ...bytes];
}
