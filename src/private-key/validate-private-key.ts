import { createPrivateKey } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { AppError } from "../errors.js";
import { normalizePrivateKey } from "./normalize-private-key.js";
import { PRIVATE_KEY_HINT } from "./private-key-hint.js";

const FIRST_LINE_ONLY = /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----$/;
const END_LINE = /-----END [A-Z0-9 ]*PRIVATE KEY-----/;
const ENCRYPTED = /ENCRYPTED PRIVATE KEY|Proc-Type: *4, *ENCRYPTED/;
const PUBLIC = /-----BEGIN (?:RSA PUBLIC KEY|PUBLIC KEY|CERTIFICATE)-----/;

/** Where the key is set, for the hints: the variables by default, an entry's fields for APP_REGISTRATIONS. */
export type KeySettings = {
  /** What to do when the value is no PEM key at all. */
  notPem: string;
  /** How to give the key as a file instead, e.g. "set PRIVATE_KEY_PATH to the path of the .pem file". */
  keyFile: string;
  /** How to write the key's lines where the value was set. */
  multiline: string;
};

const ENV_SETTINGS: KeySettings = {
  notPem: PRIVATE_KEY_HINT,
  keyFile: "set PRIVATE_KEY_PATH to the path of the .pem file",
  multiline: "A value in a .env file ends at the first line break: put the key on one line with \\n between its lines",
};

const HINTS = {
  quotes: "Remove the quotes around the key.",
  newKey: "Generate a private key on the GitHub App's settings page and use the downloaded .pem file.",
  encrypted:
    "Use the unencrypted .pem file GitHub gave you, or decrypt it with `openssl rsa -in <encrypted.pem> -out <key.pem>`.",
  firstLine: ({ multiline, keyFile }: KeySettings) => `${multiline}, or ${keyFile}.`,
  truncated: ({ keyFile }: KeySettings) =>
    `Copy the whole key, from its -----BEGIN line to its -----END line, or ${keyFile}.`,
};

/** Messages never quote the key. */
export function validatePrivateKey(raw: string, label: string, settings: KeySettings = ENV_SETTINGS): string {
  const text = raw.trim();
  if (/^["']|["']$/.test(text)) {
    throw invalid(`${label} is wrapped in quotes.`, HINTS.quotes);
  }
  const pem = normalizePrivateKey(text);
  if (!pem.startsWith("-----BEGIN")) {
    throw invalid(`${label} is not a PEM private key.`, settings.notPem);
  }
  if (PUBLIC.test(pem)) {
    throw invalid(`${label} is a public key or certificate, not a private key.`, HINTS.newKey);
  }
  if (pem.startsWith("-----BEGIN OPENSSH PRIVATE KEY-----")) {
    throw invalid(`${label} is an OpenSSH key; GitHub App keys are RSA keys in PEM format.`, HINTS.newKey);
  }
  if (ENCRYPTED.test(pem)) {
    throw invalid(`${label} is encrypted; it must be unencrypted.`, HINTS.encrypted);
  }
  if (FIRST_LINE_ONLY.test(pem.trim())) {
    throw invalid(`${label} holds only the first line of the key.`, HINTS.firstLine(settings));
  }
  if (!END_LINE.test(pem)) {
    throw invalid(`${label} is truncated: it has no -----END line.`, HINTS.truncated(settings));
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (cause) {
    // OpenSSL's reason ("bad base64 decode", …) never contains the key.
    throw invalid(`${label} is truncated or damaged and cannot be read.`, HINTS.truncated(settings), cause);
  }
  if (key.asymmetricKeyType !== "rsa") {
    const type = key.asymmetricKeyType ?? "unknown";
    throw invalid(`${label} is not an RSA key (its type is ${type}); GitHub App keys are RSA keys.`, HINTS.newKey);
  }
  return pem;
}

function invalid(message: string, hint: string, cause?: unknown): AppError {
  return new AppError("PRIVATE_KEY_INVALID", message, { hint, cause });
}
