import type { App } from "../app.js";
import { getPublicDomain } from "../apps/get-public-domain.js";
import { getWelcomeMessage } from "../apps/get-welcome-message.js";
import { checkEventSubscriptions } from "../check-event-subscriptions.js";
import type { Logger } from "../log/get-log.js";
import { VERSION } from "../version.js";

export type AnnounceStartOptions = {
  app: App;
  env: NodeJS.ProcessEnv;
  log: Logger;
  listening: { url: string; port: number };
  setupMode: boolean;
  /** The apps given (besides the default app). */
  appCount: number;
};

/** The lines `app run` logs once it listens, and the check of the events the apps handle. */
export function announceStart({ app, env, log, listening, setupMode, appCount }: AnnounceStartOptions): void {
  log.info(`gh-app-kit ${VERSION} listening on ${listening.url}`);
  log.info(getWelcomeMessage({ env, port: listening.port }));
  if (setupMode) {
    const domain = getPublicDomain({ env, port: listening.port });
    log.warn(
      `No APP_ID or private key: running in setup mode. Register or import your GitHub App at ${domain}/app/setup`,
    );
    return;
  }
  if (appCount === 0) log.warn("No app was given: only the default app runs. Pass one, e.g. `app run ./index.js`.");
  checkEventSubscriptions(app, { env }).catch((error: unknown) => log.debug({ err: error }, "Event check failed"));
}
