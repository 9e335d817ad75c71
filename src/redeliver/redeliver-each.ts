import type { App } from "../app.js";
import type { AppClient } from "../client/app-client.js";
import type { ClientCredentials } from "../client/client-credentials.js";
import { loadAppClient } from "../client/client-loader.js";
import { createClient } from "../client/get-authenticated-client.js";
import type { RegistrationInfo } from "../client/registrations.js";
import { redeliverFailed, type RedeliverOptions, type RedeliverReport } from "./redeliver-failed.js";

/**
 * One sweep (see `redeliverFailed`) for each registration the App serves,
 * each with its own JWT on its own platform, merged into one report whose
 * entries name their registration when there are several.
 */
export async function redeliverEach(app: App, options: Omit<RedeliverOptions, "client">): Promise<RedeliverReport> {
  if (!app.registrations.several)
    return redeliverFailed({ ...options, client: await jwtClient(app.state, () => app.auth()) });
  const now = options.now ?? Date.now();
  const reports: Array<[RegistrationInfo, RedeliverReport]> = [];
  for (const registration of app.registrations.list) {
    const client = await jwtClient(registration.credentials, () => registration.auth());
    reports.push([registration.info, await redeliverFailed({ ...options, now, client })]);
  }
  const [, first] = reports[0]!;
  const errors = reports
    .filter(([, report]) => report.error)
    .map(([info, report]) => `${label(info)}: ${report.error}`);
  return {
    since: first.since,
    dryRun: first.dryRun,
    checked: reports.reduce((sum, [, report]) => sum + report.checked, 0),
    redelivered: reports.flatMap(([info, report]) =>
      report.redelivered.map((each) => ({ ...each, registration: tag(info) })),
    ),
    failed: reports.flatMap(([info, report]) => report.failed.map((each) => ({ ...each, registration: tag(info) }))),
    ...(errors.length > 0 ? { error: errors.join("; ") } : {}),
  };
}

function tag({ appId, name }: RegistrationInfo): { appId: number | undefined; name: string | undefined } {
  return { appId, name };
}

function label({ appId, name }: RegistrationInfo): string {
  return name === undefined ? `App ${appId}` : `App ${appId} ("${name}")`;
}

/**
 * A client with the app's JWT. With a platform token beside the app's credentials (GITHUB_TOKEN
 * in an Actions job), the App's clients act with the token, as Probot's do; the token can
 * neither list the app's deliveries nor ask for them again.
 */
async function jwtClient(credentials: ClientCredentials, otherwise: () => Promise<AppClient>): Promise<AppClient> {
  const appId = credentials.appId ?? credentials.id;
  if (!credentials.platformToken || credentials.tokens || appId === undefined || !credentials.privateKey)
    return otherwise();
  await loadAppClient();
  const { Client, privateKey, baseUrl, log } = credentials;
  return createClient({ Client, appId, privateKey, baseUrl, log });
}
