import type { Logger } from "../log/get-log.js";
import type { ClientCredentials as State } from "./client-credentials.js";
import type { AppClient } from "./app-client.js";
import { createAppAuthStrategy, type AppAuth } from "./auth/auth-strategy.js";
import { createTokenCache, TokenStore } from "./auth/token-store.js";
import { loadAppClient } from "./client-loader.js";

/** Token stores made for States that came without one, so their tokens are reused. */
const storesOfBareStates = new WeakMap<State, TokenStore>();

export function createClient(state: State, installationId?: number, log?: Logger): AppClient {
  return createClientWithAuth(state, authFor(state, installationId), log);
}

/** `extra`: options of the client's own plugins (`laterTurn: false` for an event's client, see later-turn.ts). */
export function createClientWithAuth(
  state: State,
  auth: AppAuth,
  log?: Logger,
  extra?: { laterTurn: false },
): AppClient {
  return new state.Client({
    authStrategy: createAppAuthStrategy,
    auth,
    log: log ?? state.log,
    ...(state.baseUrl ? { baseUrl: state.baseUrl } : {}),
    ...(state.configCache ? { config: { cache: state.configCache } } : {}),
    ...extra,
  });
}

function authFor(state: State, installationId: number | undefined): AppAuth {
  // A platform token wins over app credentials the State has no token store for, as in Probot.
  const tokens = state.tokens ?? (state.platformToken ? undefined : tokenStoreOf(state));
  if (tokens) {
    return installationId === undefined ? { type: "app", tokens } : { type: "installation", installationId, tokens };
  }
  if (state.platformToken) return { type: "token", token: state.platformToken };
  return {
    type: "unauthenticated",
    reason: "no credentials are set: set APP_ID and PRIVATE_KEY (or GITHUB_TOKEN)",
  };
}

/** A State built by hand with an app id and a private key gets a store on first use. */
function tokenStoreOf(state: State): TokenStore | undefined {
  if (state.tokens) return state.tokens;
  const appId = state.appId ?? state.id;
  if (appId === undefined || !state.privateKey) return undefined;
  let tokens = storesOfBareStates.get(state);
  if (!tokens) {
    tokens = new TokenStore({
      appId: Number(appId),
      privateKey: state.privateKey,
      cache: state.cache ?? createTokenCache(),
      log: state.log,
      baseUrl: state.baseUrl,
    });
    storesOfBareStates.set(state, tokens);
  }
  return tokens;
}

/**
 * Resolves to an authenticated client: for the installation when
 * `installationId` is given, else as the app. Must be awaited.
 *
 * @example
 * const client = await auth(app.state, 1234);
 */
export async function auth(state: State, installationId?: number, log?: Logger): Promise<AppClient> {
  await loadAppClient();
  return fromStateClient(state, installationId) ?? createClient(state, installationId, log);
}

/** For `client: new AppClient({ auth: { appId, privateKey } })`, the State's only credentials. */
function fromStateClient(state: State, installationId: number | undefined): Promise<AppClient> | undefined {
  if (state.tokens || state.platformToken || ((state.appId ?? state.id) !== undefined && state.privateKey))
    return undefined;
  const client = Object.getOwnPropertyDescriptor(state, "client")?.value as AppClient | undefined;
  if (!client || typeof client.auth !== "function") return undefined;
  if (installationId === undefined) return Promise.resolve(client);
  const Client = client.constructor as typeof AppClient;
  return client.auth({
    type: "installation",
    installationId,
    factory: ({ octokitOptions }: { octokitOptions: Record<string, unknown> & { auth?: object } }) =>
      new Client({ ...octokitOptions, auth: { ...octokitOptions.auth, installationId } }),
  }) as Promise<AppClient>;
}

/**
 * Same as `auth(state, installationId)`: a client with every REST method and
 * pagination.
 *
 * @example
 * const client = await getAuthenticatedClient(app.state, 1234);
 */
export async function getAuthenticatedClient(state: State, installationId?: number): Promise<AppClient> {
  await loadAppClient();
  return fromStateClient(state, installationId) ?? createClient(state, installationId);
}
