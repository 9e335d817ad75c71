import { AppError } from "../../errors.js";
import { scrubError } from "../../log/secrets.js";
import { PRIVATE_KEY_HINT } from "../../private-key/get-private-key.js";

// What a failed token exchange becomes: an AppError that says what to fix,
// or a transient failure the token store retries.

/** A JWT that cannot be signed will not be signed on a retry either. */
export function unsignable(error: unknown): never {
  if (error instanceof AppError) throw error;
  throw new AppError("PRIVATE_KEY_INVALID", `The app's JWT could not be signed: ${(error as Error)?.message}`, {
    hint: PRIVATE_KEY_HINT,
    cause: error,
  });
}

export function isTransient(error: unknown): boolean {
  // Our own errors (a bad private key) say what to fix; retrying cannot help.
  if (error instanceof AppError) return false;
  const status = (error as { status?: unknown })?.status;
  return typeof status !== "number" || status >= 500 || status === 429;
}

/**
 * @octokit/request gives a request that got no answer (an unknown host, a refused or reset connection,
 * a timeout) status 500 and no response: the platform said nothing.
 */
function gotNoAnswer(error: unknown): boolean {
  const { status, response } = (error ?? {}) as { status?: unknown; response?: unknown };
  return typeof status === "number" && response === undefined;
}

export function describeExchangeFailure(error: unknown): string {
  const reason = (error as Error)?.message ?? String(error);
  if (gotNoAnswer(error)) return `no answer from the platform: ${reason}`;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? `status ${status}` : reason;
}

export function exchangeError(error: unknown, installationId: number, appId: number): AppError {
  if (error instanceof AppError) return error;
  // The cause the app gets: the platform's refusal may quote the JWT it refused.
  scrubError(error);
  const status = (error as { status?: unknown })?.status;
  if (status === 401) {
    return new AppError(
      "JWT_REJECTED",
      `The platform rejected the JWT of app ${appId} while creating a token for installation ${installationId}.`,
      {
        hint: `Check that APP_ID is right and that the private key belongs to that app. ${PRIVATE_KEY_HINT}`,
        cause: error,
      },
    );
  }
  if (status === 404) {
    return new AppError(
      "TOKEN_EXCHANGE_FAILED",
      `Installation ${installationId} of app ${appId} was not found; it may have been uninstalled.`,
      { hint: "Check the installation id, and that APP_ID names the app the installation belongs to.", cause: error },
    );
  }
  return new AppError(
    "TOKEN_EXCHANGE_FAILED",
    `Could not create a token for installation ${installationId} (${describeExchangeFailure(error)}).`,
    {
      hint: gotNoAnswer(error)
        ? "Check the platform's address (GHE_HOST, or the baseUrl option) and that this host can reach it; the request can be retried."
        : "The platform may be unavailable; the request can be retried.",
      cause: error,
    },
  );
}
