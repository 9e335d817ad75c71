import { createUnauthenticatedAuth } from "@octokit/auth-unauthenticated";
import type { EndpointDefaults, EndpointOptions, RequestInterface, Route, RequestParameters } from "@octokit/types";
import { AppError } from "../../errors.js";
import { requiresAppAuth } from "./app-routes.js";
import {
  isCredentialsAuth,
  resolveCredentialsAuth,
  type CredentialsAuth,
  type FactoryRequest,
} from "./credentials-auth.js";
import { createTokenCache, type TokenDetails, type TokenStore } from "./token-store.js";
import { inRequestContext } from "../request-context.js";

/** What a client authenticates as; passed to `AppClient` as `auth`. */
export type AppAuth =
  | { type: "app"; tokens: TokenStore }
  | { type: "installation"; installationId: number; tokens: TokenStore }
  | { type: "token"; token: string }
  | { type: "unauthenticated"; reason: string };

export type Authentication =
  | { type: "app"; token: string; appId: number; expiresAt?: string | undefined }
  | ({ type: "installation"; tokenType: "installation"; token: string; installationId: number } & Partial<TokenDetails>)
  | { type: "token"; token: string }
  | { type: "unauthenticated"; reason: string };

type Hook = (
  request: RequestInterface,
  route: Route | EndpointOptions,
  parameters?: RequestParameters,
) => Promise<unknown>;
type AuthInterface = ((request?: AuthRequest) => Promise<Authentication>) & { hook: Hook };

/** What `client.auth(request)` may ask for, as @octokit/auth-app takes it. */
type AuthRequest = { type?: unknown; installationId?: unknown } | undefined;

/** The installation `auth({ type: "installation", installationId })` names, if it names one. */
function requestedInstallation(request: AuthRequest): number | undefined {
  const id = request?.type === "installation" ? Number(request.installationId) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The app's client asked for an installation's token without naming one: @octokit/auth-app's sentence first. */
function installationIdRequired(request: AuthRequest): AppError {
  return new AppError(
    "OPTION_INVALID",
    `installationId option is required for installation authentication. The app's client was asked for an installation token with installationId ${JSON.stringify(request?.installationId) ?? "missing"}.`,
    {
      hint: "Pass the installation's id: client.auth({ type: \"installation\", installationId }), or use that installation's client (app.auth(installationId), context.client).",
    },
  );
}

async function asApp(tokens: TokenStore): Promise<Authentication> {
  const token = await tokens.getJwt();
  return { type: "app", token, appId: tokens.appId, expiresAt: jwtExpiry(token) };
}

/** When a JWT expires, from its `exp` claim, as @octokit/auth-app's answer gives it. */
function jwtExpiry(jwt: string): string | undefined {
  try {
    const { exp } = JSON.parse(atob(jwt.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof exp === "number" ? new Date(exp * 1000).toISOString() : undefined;
  } catch {
    return undefined;
  }
}

/** In the order of @octokit/auth-app's answer, with what the exchange said beside the token when known. */
async function asInstallation(tokens: TokenStore, installationId: number): Promise<Authentication> {
  const token = await tokens.getInstallationToken(installationId);
  return { type: "installation", tokenType: "installation", token, installationId, ...tokens.detailsOf(token) };
}

/**
 * The `authStrategy` of every `AppClient`. App clients send the app's JWT;
 * installation clients send the installation token (the JWT on the routes
 * that need it), and after a 401 replace the token once and retry once.
 */
export function createAppAuthStrategy(
  options: (AppAuth | CredentialsAuth) & {
    request?: RequestInterface;
    octokit?: unknown;
    octokitOptions?: Record<string, unknown>;
  },
): AuthInterface {
  if (isCredentialsAuth(options)) return createCredentialsStrategy(options);
  switch (options.type) {
    case "unauthenticated":
      return createUnauthenticatedAuth({ reason: options.reason }) as unknown as AuthInterface;
    case "token": {
      const { token } = options;
      return Object.assign(async (): Promise<Authentication> => ({ type: "token", token }), {
        hook: (request: RequestInterface, route: Route | EndpointOptions, parameters?: RequestParameters) => {
          const endpoint = request.endpoint.merge(route as string, parameters);
          endpoint.headers.authorization = `token ${token}`;
          return request(endpoint as EndpointOptions);
        },
      });
    }
    case "app": {
      const { tokens } = options;
      return Object.assign(
        // `auth({ type: "installation", installationId })`: that installation's token, as @octokit/auth-app gives it.
        (request?: AuthRequest): Promise<Authentication> => {
          const id = requestedInstallation(request);
          if (id === undefined && request?.type === "installation")
            return Promise.reject(installationIdRequired(request));
          return id === undefined ? asApp(tokens) : asInstallation(tokens, id);
        },
        {
          hook: (request: RequestInterface, route: Route | EndpointOptions, parameters?: RequestParameters) =>
            sendAsApp(tokens, request, request.endpoint.merge(route as string, parameters)),
        },
      );
    }
    case "installation": {
      const { tokens, installationId } = options;
      return Object.assign(
        // `auth({ type: "app" })`: the app's JWT, as Probot's installation clients give it.
        (request?: AuthRequest): Promise<Authentication> =>
          request?.type === "app"
            ? asApp(tokens)
            : asInstallation(tokens, requestedInstallation(request) ?? installationId),
        {
          hook: (request: RequestInterface, route: Route | EndpointOptions, parameters?: RequestParameters) => {
            const endpoint = request.endpoint.merge(route as string, parameters);
            if (requiresAppAuth((endpoint.url ?? "").replace(endpoint.baseUrl, "")))
              return sendAsApp(tokens, request, endpoint);
            // The options as the outer hooks gave them: merge() copies only their named keys.
            const within = <T>(fn: () => T): T => (typeof route === "object" ? inRequestContext(route, fn) : fn());
            return sendAsInstallation(tokens, installationId, request, endpoint, within);
          },
        },
      );
    }
  }
}

/** Probot's `auth: { appId, privateKey }`; `factory` as in octokit-auth-probot, which `auth(state, id)` relies on. */
function createCredentialsStrategy(
  options: CredentialsAuth & { octokit?: unknown; octokitOptions?: Record<string, unknown> },
): AuthInterface {
  // One token cache for this client and every client its factory makes, as Probot shares its cache.
  const cache = options.cache ?? createTokenCache();
  const inner = createAppAuthStrategy(resolveCredentialsAuth({ ...options, cache } as never));
  const auth = async (request?: FactoryRequest): Promise<Authentication> => {
    if (typeof request?.factory === "function") {
      const { factory, ...rest } = request;
      const octokitOptions = {
        ...options.octokitOptions,
        auth: { ...(options.octokitOptions?.auth as object), cache },
      };
      return factory({ ...options, octokit: options.octokit, octokitOptions, ...rest }) as never;
    }
    return inner(request);
  };
  return Object.assign(auth, { hook: inner.hook }) as AuthInterface;
}

async function sendAsApp(tokens: TokenStore, request: RequestInterface, endpoint: EndpointDefaults): Promise<unknown> {
  const jwt = await tokens.getJwt();
  endpoint.headers.authorization = `bearer ${jwt}`;
  try {
    return await request(endpoint as EndpointOptions);
  } catch (error) {
    if (!tokens.correctClock(error, jwt)) throw rejectedJwt(error, tokens.appId);
    endpoint.headers.authorization = `bearer ${await tokens.getJwt()}`;
    return request(endpoint as EndpointOptions);
  }
}

async function sendAsInstallation(
  tokens: TokenStore,
  installationId: number,
  request: RequestInterface,
  endpoint: EndpointDefaults,
  within: <T>(fn: () => T) => T,
): Promise<unknown> {
  const token = await within(() => tokens.getInstallationToken(installationId));
  endpoint.headers.authorization = `token ${token}`;
  try {
    return await request(endpoint as EndpointOptions);
  } catch (error) {
    if ((error as { status?: unknown }).status !== 401) throw error;
    // The token was revoked or expired early: mint once more, retry once.
    tokens.invalidate(installationId, token);
    endpoint.headers.authorization = `token ${await within(() => tokens.getInstallationToken(installationId))}`;
    return request(endpoint as EndpointOptions);
  }
}

function rejectedJwt(error: unknown, appId: number): unknown {
  if ((error as { status?: unknown }).status !== 401) return error;
  return new AppError("JWT_REJECTED", `The platform rejected the JWT of app ${appId} (401).`, {
    hint: "Check that APP_ID is right and that the private key belongs to that app.",
    status: 401,
    cause: error,
  });
}
