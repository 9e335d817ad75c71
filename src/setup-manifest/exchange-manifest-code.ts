import { AppError } from "../errors.js";
import { GITHUB_API_URL } from "../options/platform-urls.js";
import { registerSecret, scrubSecrets } from "../log/secrets.js";
import { VERSION } from "../version.js";

export type ManifestConversion = {
  id: number;
  slug?: string;
  name?: string;
  html_url?: string;
  client_id?: string;
  client_secret?: string;
  webhook_secret?: string | null;
  pem: string;
};

export type ExchangeManifestCodeOptions = {
  code: string;
  /** The platform's API base URL. Default: https://api.github.com. */
  baseUrl?: string | undefined;
  timeoutMs?: number;
};

/** Errors never contain the code. */
export async function exchangeManifestCode({
  code,
  baseUrl = GITHUB_API_URL,
  timeoutMs = 15_000,
}: ExchangeManifestCodeOptions): Promise<ManifestConversion> {
  // It converts into the app's key and secrets: out of the platform's messages and every log line.
  registerSecret(code);
  const url = `${baseUrl.replace(/\/+$/, "")}/app-manifests/${encodeURIComponent(code)}/conversions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { accept: "application/vnd.github+json", "user-agent": `gh-app-kit/${VERSION}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw failed(
      `the platform at ${new URL(baseUrl).origin} could not be reached (${(error as Error).message})`,
      error,
    );
  }
  const body = (await response.json().catch(() => undefined)) as
    (Partial<ManifestConversion> & { message?: unknown }) | undefined;
  if (!response.ok) {
    const reason = typeof body?.message === "string" ? `: ${scrubSecrets(body.message)}` : "";
    throw failed(`the platform answered ${response.status}${reason}`);
  }
  if (!body || typeof body.id !== "number" || typeof body.pem !== "string") {
    throw failed("the platform's answer has no app id or private key");
  }
  return body as ManifestConversion;
}

function failed(reason: string, cause?: unknown): AppError {
  return new AppError(
    "MANIFEST_CONVERSION_FAILED",
    `The new GitHub App's credentials could not be fetched: ${reason}.`,
    {
      hint: "Codes expire after an hour and work once: start again at /app/setup.",
      status: 502,
      cause,
    },
  );
}
