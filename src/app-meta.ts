import type { Endpoints } from "@octokit/types";
import type { App } from "./app.js";

/** The `data` of the platform's `GET /app` answer: the app's registration. */
export type AppsGetAuthenticatedResponse = Endpoints["GET /app"]["response"]["data"];

/**
 * The app's registration (`GET /app`), fetched at most once per process: a
 * promise while or after it is fetched, null before and after a failure.
 */
export let appMeta: Promise<AppsGetAuthenticatedResponse> | null = null;

/** True once fetching `GET /app` failed; it is then not tried again. */
export let didFailRetrievingAppMeta = false;

/**
 * The app's registration from `GET /app`, fetched with the app's JWT once per
 * process and shared by every caller. Resolves to null, without fetching, when
 * the app has no app credentials or an earlier fetch failed; the first
 * failure sets `didFailRetrievingAppMeta` and logs one warning.
 *
 * @example
 * const meta = await getAppMeta(app);
 * if (meta) app.log.info(`Running as ${meta.slug}`);
 */
export async function getAppMeta(app: App): Promise<AppsGetAuthenticatedResponse | null> {
  if (didFailRetrievingAppMeta || !hasAppCredentials(app)) return null;
  const pending = (appMeta ??= fetchAppMeta(app));
  try {
    return await pending;
  } catch (error) {
    // Concurrent callers share one failure: only the first one reports it.
    if (appMeta === pending) {
      appMeta = null;
      didFailRetrievingAppMeta = true;
      app.log.warn(
        `Could not retrieve the app's registration from the platform (GET /app: ${describe(error)}), ` +
          "so its event subscriptions are not checked. Check APP_ID and the private key; this is not retried.",
      );
    }
    return null;
  }
}

export function hasAppCredentials(app: App): boolean {
  return app.state.tokens !== undefined;
}

export function resetAppMetaForTests(): void {
  appMeta = null;
  didFailRetrievingAppMeta = false;
}

async function fetchAppMeta(app: App): Promise<AppsGetAuthenticatedResponse> {
  const client = await app.auth();
  const { data } = await client.apps.getAuthenticated();
  // GitHub answers null for an app it cannot find by the JWT's issuer.
  if (!data) throw new Error("the platform answered without an app");
  return data;
}

function describe(error: unknown): string {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number") return `HTTP ${status}`;
  return error instanceof Error ? error.message : String(error);
}
