import { createPrivateKey, generateKeyPairSync } from "node:crypto";

/** An RSA key pair in PEM, generated at test time so no key is ever committed. */
export type TestKeyPair = {
  /** PKCS#1 PEM, the format GitHub hands out. */
  privateKeyPkcs1: string;
  /** PKCS#8 PEM. */
  privateKeyPkcs8: string;
  /** SPKI PEM, for `startFakePlatform({ publicKey })`. */
  publicKey: string;
};

/**
 * Generates a fresh 2048-bit RSA key pair (slow: ~50-300 ms). Use it when a
 * test needs a second key that differs from `getTestKeys()`.
 */
export function generateKeyPair(): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const privateKeyPkcs1 = createPrivateKey(privateKey).export({ type: "pkcs1", format: "pem" }).toString();
  return { privateKeyPkcs1, privateKeyPkcs8: privateKey, publicKey };
}

let cached: TestKeyPair | undefined;

/** The key pair shared by every test in this process, generated on first use. */
export function getTestKeys(): TestKeyPair {
  cached ??= generateKeyPair();
  return cached;
}
