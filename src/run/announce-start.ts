import type { App } from "../app.js";
import { getPublicDomain } from "../apps/get-public-domain.js";
import { getWelcomeMessage } from "../apps/get-welcome-message.js";
import { checkEventSubscriptions } from "../check-event-subscriptions.js";
import type { Logger } from "../log/get-log.js";
import { PRIVATE_KEY_HINT } from "../private-key/private-key-hint.js";
import { VERSION } from "../version.js";

export type AnnounceStartOptions = {
  app: App;
  env: NodeJS.ProcessEnv;
  log: Logger;
  listening: { url: string; port: number };
  setupMode: boolean;
  /** The apps given (besides the default app). */
  appCount: number;
  /** Which of the app's credentials were found; in setup mode one at most. */
  found?: { appId: boolean; privateKey: boolean } | undefined;
};

/** The lines `app run` logs once it listens, and the check of the events the apps handle. */
export function announceStart({ app, env, log, listening, setupMode, appCount, found }: AnnounceStartOptions): void {
  log.info(`gh-app-kit ${VERSION} listening on ${listening.url}`);
  if (app.registrations.several) log.info(app.registrations.describe());
  log.info(getWelcomeMessage({ env, port: listening.port }));
  if (setupMode) {
    const domain = getPublicDomain({ env, port: listening.port });
    log.warn(setupModeLine(found, `${domain}/app/setup`));
    return;
  }
  if (appCount === 0) log.warn("No app was given: only the default app runs. Pass one, e.g. `app run ./index.js`.");
  checkEventSubscriptions(app, { env }).catch((error: unknown) => log.debug({ err: error }, "Event check failed"));
}

/** Setup mode's line: which credential was not found and, for the key, where it is looked for. */
function setupModeLine(found: AnnounceStartOptions["found"], setupUrl: string): string {
  const register = `register or import your GitHub App at ${setupUrl}`;
  if (found?.appId)
    return `APP_ID is set but no private key was found: running in setup mode. ${PRIVATE_KEY_HINT} Or ${register}`;
  if (found?.privateKey)
    return `A private key was found but no APP_ID: running in setup mode. Set APP_ID (or pass --app-id), or ${register}`;
  return `No APP_ID or private key: running in setup mode. Register or import your GitHub App at ${setupUrl}`;
}
