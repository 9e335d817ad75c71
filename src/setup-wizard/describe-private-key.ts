import { relative } from "node:path";
import { isAppError, type AppError } from "../errors.js";
import { findPrivateKey, PRIVATE_KEY_HINT, type FoundPrivateKey } from "../private-key/get-private-key.js";

export type PrivateKeyStatus = {
  /** One line for the user: where the key came from, or what to do. */
  line: string;
  found: FoundPrivateKey | undefined;
  /** Why the key that was set cannot be used. */
  error?: AppError;
};

/** Looks the key up as `app run` will; never shows it. */
export function describePrivateKey(options: {
  filepath?: string | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
}): PrivateKeyStatus {
  let found: FoundPrivateKey | null;
  try {
    found = findPrivateKey(options);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { line: `Private key: ${error.message} ${error.hint ?? PRIVATE_KEY_HINT}`, found: undefined, error };
  }
  if (!found) return { line: `Private key: none found. ${PRIVATE_KEY_HINT}`, found: undefined };
  const where = found.path ? ` (${relative(options.cwd, found.path) || found.path})` : "";
  const source = found.source === "pem-file" ? "the only .pem file in this folder" : found.source;
  return { line: `Private key: from ${source}${where}, a valid RSA key.`, found };
}
