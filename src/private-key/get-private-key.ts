import { findPrivateKey } from "./find-private-key.js";
import type { FindPrivateKeyOptions } from "./find-private-key.js";

export { findPrivateKey } from "./find-private-key.js";
export type { FoundPrivateKey, PrivateKeySource } from "./find-private-key.js";
export { PRIVATE_KEY_HINT } from "./private-key-hint.js";

export type GetPrivateKeyOptions = FindPrivateKeyOptions;

/**
 * Finds the app's private key: the --private-key flag (`filepath`), then
 * PRIVATE_KEY, then PRIVATE_KEY_PATH, then a single .pem file in `cwd`.
 * Returns the key as a PEM with "\n" newlines, or null when there is none.
 * Throws an `AppError` (`PRIVATE_KEY_NOT_FOUND`, `PRIVATE_KEY_INVALID`,
 * `PRIVATE_KEY_AMBIGUOUS`) whose message names the source, never the key.
 *
 * @example
 * const privateKey = getPrivateKey({ filepath: flags["private-key"], env: process.env });
 * if (privateKey === null) throw new Error(`No private key. ${PRIVATE_KEY_HINT}`);
 */
export function getPrivateKey(options: GetPrivateKeyOptions = {}): string | null {
  return findPrivateKey(options)?.key ?? null;
}
