import type { TokenStore } from "../client/auth/token-store.js";
import { GITHUB_API_URL } from "../options/platform-urls.js";
import { VERSION } from "../version.js";

/** One answer of the platform, with when it was asked and answered (local clock). */
export type ProbeAnswer = {
  status: number;
  data: unknown;
  /** The platform's `Date` header. */
  date: string | null;
  sentAt: number;
  receivedAt: number;
};

export type PlatformProbe = {
  baseUrl: string;
  /** `GET /app` with the app's JWT; when the platform refused it for clock skew, retried once with the clock corrected. */
  getApp(): Promise<{ answer: ProbeAnswer; first: ProbeAnswer }>;
  /** Any `GET` with the app's JWT, e.g. `/app/installations?per_page=100`. */
  get(path: string): Promise<ProbeAnswer>;
};

/** No retries, throttling or clock correction: doctor must see what the platform answered. */
export function createPlatformProbe({
  tokens,
  baseUrl,
}: {
  tokens: TokenStore;
  baseUrl?: string | undefined;
}): PlatformProbe {
  const root = (baseUrl ?? GITHUB_API_URL).replace(/\/$/, "");
  const get = async (path: string): Promise<ProbeAnswer> => {
    const jwt = await tokens.getJwt();
    const sentAt = Date.now();
    const response = await fetch(`${root}${path}`, {
      headers: {
        accept: "application/vnd.github+json",
        authorization: `Bearer ${jwt}`,
        "user-agent": `gh-app-kit/${VERSION} (doctor)`,
      },
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return {
      status: response.status,
      data: parse(text),
      date: response.headers.get("date"),
      sentAt,
      receivedAt: Date.now(),
    };
  };
  let app: Promise<{ answer: ProbeAnswer; first: ProbeAnswer }> | undefined;
  return {
    baseUrl: root,
    get,
    getApp: () =>
      (app ??= get("/app").then(async (first) => {
        // The same shape as a client's RequestError, so the token store
        // recognises the platform's clock-skew answer and adopts its clock.
        const error = {
          status: first.status,
          message: "",
          response: { headers: { date: first.date }, data: first.data },
        };
        if (first.status === 401 && tokens.correctClock(error)) return { answer: await get("/app"), first };
        return { answer: first, first };
      })),
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
