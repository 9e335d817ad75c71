import type { AppPluginAdditions } from "../app-plugin.js";
import type { AppSharing } from "../app-sharing.js";
import { createConfigCache } from "../config/config-cache.js";
import { AppError } from "../errors.js";
import { defineLazyProperty } from "../helpers/define-lazy-property.js";
import type { Logger } from "../log/get-log.js";
import { registerSecret } from "../log/secrets.js";
import type { RegistrationInfo, RegistrationSettings } from "../options/registrations.js";
import { verifySignature } from "../webhooks/verify-signature.js";
import type { AppClient } from "./app-client.js";
import { createTokenCache, TokenStore } from "./auth/token-store.js";
import type { ClientCredentials } from "./client-credentials.js";
import { createClient } from "./get-authenticated-client.js";

export type { RegistrationInfo } from "../options/registrations.js";

/** The header that names the app a delivery is for. */
export const TARGET_ID_HEADER = "x-github-hook-installation-target-id";

/**
 * One app registration as the App serves it: who it is, the secrets that
 * verify its deliveries, and the credentials its clients use (own token
 * store, token cache, config cache and, with Redis, own shared tokens,
 * throttling and delivery claims).
 */
export type Registration = {
  readonly info: RegistrationInfo;
  readonly secrets: readonly string[];
  readonly credentials: ClientCredentials;
  readonly sharing: AppSharing | undefined;
  /** A client for the installation, or for the app itself without an id. */
  auth(installationId?: number, log?: Logger): Promise<AppClient>;
};

/** What the App hands over to build its registrations. */
export type RegistrationsOptions = {
  /** The App's state: its own credentials are the first registration's. */
  primary: ClientCredentials & { redis?: AppSharing | undefined };
  primaryName: string | undefined;
  primarySecrets: readonly string[];
  /** The others, after the first. */
  others: readonly RegistrationSettings[];
  /** What the App's plugins gave: the sharing for each other registration, and the token-exchange hooks. */
  plugged: Pick<AppPluginAdditions, "shareFor" | "tokenExchange">;
  log: Logger;
  /** The `request` option's `fetch`: every registration's token exchanges go through it. */
  fetch?: typeof fetch | undefined;
};

/** A delivery's registration, or why it is refused (400): not registered, or not signed by its secret. */
export type Routed = { registration: Registration } | { refusal: string };

/** The registrations of one App; with one, deliveries are not routed and nothing changes. */
export class Registrations {
  readonly list: readonly Registration[];
  readonly primary: Registration;

  constructor({ primary, primaryName, primarySecrets, others, plugged, log, fetch }: RegistrationsOptions) {
    this.primary = {
      info: Object.freeze({ appId: primary.appId, name: primaryName, baseUrl: primary.baseUrl }),
      secrets: primarySecrets,
      credentials: primary,
      get sharing() {
        return primary.redis;
      },
      auth: (installationId, given) => Promise.resolve(createClient(primary, installationId, given)),
    };
    this.list = [
      this.primary,
      ...others.map((settings) => createRegistration(settings, this.primary, plugged, log, fetch)),
    ];
  }

  /** True when deliveries are routed by app id (more than one registration). */
  get several(): boolean {
    return this.list.length > 1;
  }

  /** The registration a delivery names in `X-GitHub-Hook-Installation-Target-ID`, verified with its secret. */
  route(targetId: string | null | undefined, body: Uint8Array | string, signature: string): Routed {
    if (!targetId) {
      return {
        refusal:
          "The delivery has no X-GitHub-Hook-Installation-Target-ID header, so it names no app registration; this server serves several.",
      };
    }
    const candidates = this.list.filter((registration) => String(registration.info.appId) === targetId.trim());
    if (candidates.length === 0) {
      return {
        // The header is the sender's: only an id is repeated in the answer and the log.
        refusal: `The delivery is for app ${/^\d{1,20}$/.test(targetId.trim()) ? targetId.trim() : "(not an app id)"}, which is not registered here. Add it to APP_REGISTRATIONS (or the registrations option), or point that app's webhook elsewhere.`,
      };
    }
    // The same app id on two platforms: the secret tells them apart.
    const registration = candidates.find((each) => verifySignature(each.secrets, body, signature) !== -1);
    if (!registration) {
      return {
        refusal: `The webhook signature does not match the payload and the secret of app ${targetId}. Check that its secret in APP_REGISTRATIONS is the one set in that app's settings.`,
      };
    }
    return { registration };
  }

  /** The registration an event (or a queued job) was routed to; the first when it names none. */
  of(event: object): Registration {
    const reference = (event as { registration?: Pick<RegistrationInfo, "appId" | "baseUrl"> }).registration;
    if (!reference || reference === this.primary.info) return this.primary;
    const found = this.find(reference);
    if (!found) {
      throw new AppError(
        "REGISTRATIONS_INVALID",
        `The delivery is for app ${reference.appId}${reference.baseUrl ? ` at ${reference.baseUrl}` : ""}, which this App does not serve.`,
        { hint: "Give every instance, workers included, the same APP_REGISTRATIONS as the web instances." },
      );
    }
    return found;
  }

  find({ appId, baseUrl }: Pick<RegistrationInfo, "appId" | "baseUrl">): Registration | undefined {
    return this.list.find(({ info }) => info.appId === appId && (info.baseUrl ?? "") === (baseUrl ?? ""));
  }

  /** For the start-up log: "Serving 2 app registrations: app 11 ("prod", https://api.github.com), ...". */
  describe(): string {
    const each = this.list.map(({ info }) => {
      const label = info.name === undefined ? "" : `"${info.name}", `;
      return `app ${info.appId} (${label}${info.baseUrl ?? "https://api.github.com"})`;
    });
    return `Serving ${this.list.length} app registrations: ${each.join(", ")}.`;
  }

  /** The other registrations' Redis connections (the first's is the App's own). */
  async close(): Promise<void> {
    await Promise.all(this.list.slice(1).map((registration) => registration.sharing?.close()));
  }
}

function createRegistration(
  settings: RegistrationSettings,
  primary: Registration,
  plugged: RegistrationsOptions["plugged"],
  log: Logger,
  fetch: typeof globalThis.fetch | undefined,
): Registration {
  const { appId, privateKey, secret, additionalSecrets = [], baseUrl, name } = settings;
  for (const each of [secret, ...additionalSecrets]) registerSecret(each);
  const sharing = plugged.shareFor?.({ appId, baseUrl });
  const cache = createTokenCache();
  const tokens = new TokenStore({
    appId,
    privateKey,
    cache,
    log,
    baseUrl,
    fetch,
    shared: sharing?.tokens,
    hooks: plugged.tokenExchange,
  });
  const base = primary.credentials;
  let derivedFrom: typeof base.Client | undefined;
  let derived: typeof base.Client | undefined;
  const credentials: ClientCredentials = {
    // The App's client class as it is now (a worker sets its rate-limit handling), with this registration's throttling.
    get Client() {
      if (derivedFrom !== base.Client || !derived) {
        derivedFrom = base.Client;
        derived = sharing ? base.Client.defaults({ throttle: sharing.throttle.options as never }) : base.Client;
      }
      return derived;
    },
    appId,
    privateKey,
    baseUrl,
    cache,
    log,
    tokens,
  };
  defineLazyProperty(credentials, "configCache", () => createConfigCache());
  return {
    info: Object.freeze({ appId, name, baseUrl }),
    secrets: [secret, ...additionalSecrets],
    credentials,
    sharing,
    auth: (installationId, given) => Promise.resolve(createClient(credentials, installationId, given)),
  };
}
