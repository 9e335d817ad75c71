import type { App } from "./app.js";
import { getAppMeta, hasAppCredentials } from "./app-meta.js";
import { isProduction } from "./helpers/is-production.js";
import { ENV_BINDINGS } from "./options/read-env-options.js";

export type CheckEventSubscriptionsOptions = { env: NodeJS.ProcessEnv };

/** `GET /app` leaves the global events out of `events`; installation events and `ping` always come. */
export const ALWAYS_DELIVERED: ReadonlySet<string> = new Set([
  "github_app_authorization",
  "installation",
  "installation_repositories",
  "installation_target",
  "meta",
  "ping",
  "security_advisory",
]);

/**
 * Logs one error line for each event the app has handlers for but its
 * registration is not subscribed to (the platform would never send it), and
 * resolves to those event names. Skipped (resolves to `[]`) when `NODE_ENV`
 * is `production` or `test`, when `DISABLE_WEBHOOK_EVENT_CHECK` is `true`, when the app has no app credentials, and when
 * the registration cannot be fetched. Call it after loading the app functions.
 *
 * @example
 * await app.load(appFn, { getRouter });
 * await checkEventSubscriptions(app, { env: process.env });
 */
export async function checkEventSubscriptions(app: App, { env }: CheckEventSubscriptionsOptions): Promise<string[]> {
  if (isProduction(env) || ENV_BINDINGS.nodeEnv.read(env) === "test" || !hasAppCredentials(app)) return [];
  if (ENV_BINDINGS.disableWebhookEventCheck.read(env)) return [];
  if (app.webhooks.router.eventNames().length === 0) return [];
  const meta = await getAppMeta(app);
  if (!meta) return [];
  const missing = findUnsubscribedEvents(app.webhooks.router.eventNames(), meta.events ?? []);
  for (const event of missing) {
    app.log.error(
      `The app listens to "${event}" events, but its registration is not subscribed to them: ` +
        "enable them in the app's settings (Permissions & events).",
    );
  }
  return missing;
}

export function findUnsubscribedEvents(handled: readonly string[], subscribed: readonly string[]): string[] {
  const events = new Set(subscribed);
  return baseEventNames(handled).filter((event) => !events.has(event) && !ALWAYS_DELIVERED.has(event));
}

/** `["issues.opened", "issues", "push"]` → `["issues", "push"]`. */
function baseEventNames(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => name.split(".")[0]!))];
}
