import { scrubSecrets } from "../log/secrets.js";

export const NEEDS_CREDENTIALS = "Run `npx app setup`, or set APP_ID and PRIVATE_KEY_PATH (or PRIVATE_KEY) in .env.";

/** One line about an error, scrubbed of anything that looks like a secret. */
export function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const message = error instanceof Error ? error.message : String(error);
  // fetch() says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, ...) is in its cause.
  const detail = message === "fetch failed" && cause ? String(cause.code ?? cause.message) : message;
  return scrubSecrets(detail.replace(/\s*\n\s*/g, " ").replace(/\.$/, ""));
}

/** The same, as a sentence of its own (a check's whole message, before its fix). */
export function failureSentence(error: unknown): string {
  const said = describeFailure(error);
  return /[.!?]$/.test(said) ? said : `${said}.`;
}
