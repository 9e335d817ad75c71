import type { AppClient } from "./client/app-client.js";
import { loadAppClient } from "./client/client-loader.js";
import { warnOnce } from "./deprecations.js";
import type { Logger } from "./log/get-log.js";

type AuthHolder = { auth(installationId?: number, log?: Logger): Promise<AppClient> };
/** A context as the App's webhooks type it (the payload is there at run time). */
type EventContext = { log: Logger; client: AppClient };

/**
 * Before a delivery's handlers run: the REST client loaded (on Workers it loads with the first
 * delivery a handler takes), and, where the app's `auth` was replaced on the instance (Probot 7 to
 * 10's tests: `app.auth = () => Promise.resolve(github)`), the event's client taken from it, with
 * the event's installation id, as Probot 7 to 10 made each event's client. Otherwise nothing.
 */
export function prepareContext(app: AuthHolder, context: EventContext): Promise<void> | undefined {
  const loading = loadAppClient();
  if (!Object.hasOwn(app, "auth")) return loading;
  warnOnce(
    "replaced-auth",
    "The app's auth() was replaced, so events get their client from it, as in Probot 7 to 10. " +
      "Give the client as the App's Client option instead (new App({ Client })), or answer the requests with nock.",
  );
  const { payload } = context as EventContext & { payload?: { installation?: { id?: unknown } } | null };
  const installation = payload?.installation?.id;
  const id = typeof installation === "number" ? installation : undefined;
  return (loading ?? Promise.resolve())
    .then(() => app.auth(id, context.log))
    .then((client) => {
      context.client = client;
    });
}
