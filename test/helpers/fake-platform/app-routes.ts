import { errorResponse, NOT_FOUND } from "./messages.js";
import { paginate } from "./paginate.js";
import type { PlatformState } from "./state.js";
import type { RouteAuth, RouteHandler } from "./types.js";

type AddRoute = (method: string, pattern: string, handler: RouteHandler, auth: RouteAuth) => void;

const PERMISSIONS = { issues: "write", metadata: "read" };
const OWNER = { login: "test-owner", id: 1000, type: "Organization" };

/** The routes that need the app's JWT. */
export function addAppRoutes(add: AddRoute, state: PlatformState): void {
  add("GET", "/app", () => ({ status: 200, body: appRecord(state) }), "app");

  add(
    "GET",
    "/app/installations",
    ({ query, path }) => {
      const all = state.installations.map((id) => installationRecord(state, id));
      const page = paginate(all, query, state.baseUrl + path);
      return { status: 200, headers: page.headers, body: page.items };
    },
    "app",
  );

  add(
    "GET",
    "/app/installations/:installation_id",
    ({ params }) => {
      const id = Number(params["installation_id"]);
      return state.installations.includes(id)
        ? { status: 200, body: installationRecord(state, id) }
        : errorResponse(404, NOT_FOUND);
    },
    "app",
  );

  add(
    "POST",
    "/app/installations/:installation_id/access_tokens",
    ({ params, body }) => {
      const id = Number(params["installation_id"]);
      if (!state.installations.includes(id)) return errorResponse(404, NOT_FOUND);
      const { token, expiresAt } = state.tokens.issue(id, state.tokenTtlSeconds, state.nowMs());
      const requested = (body as { permissions?: unknown } | undefined)?.permissions;
      return {
        status: 201,
        body: {
          token,
          // GitHub sends whole seconds: "2016-07-11T22:14:10Z".
          expires_at: new Date(Math.floor(expiresAt / 1000) * 1000).toISOString().replace(".000Z", "Z"),
          permissions: typeof requested === "object" && requested !== null ? requested : PERMISSIONS,
          repository_selection: "all",
        },
      };
    },
    "app",
  );

  add(
    "GET",
    "/repos/:owner/:repo/installation",
    () => {
      const [id] = state.installations;
      return id === undefined ? errorResponse(404, NOT_FOUND) : { status: 200, body: installationRecord(state, id) };
    },
    "app",
  );
}

function appRecord(state: PlatformState) {
  return {
    id: state.appId,
    slug: "test-app",
    node_id: "A_test",
    client_id: "Iv1.testclientid",
    owner: OWNER,
    name: "Test App",
    description: "An app served by the fake platform",
    external_url: "https://example.com",
    html_url: "https://github.com/apps/test-app",
    created_at: "2024-01-01T00:00:00Z",
    updated_at: "2024-01-01T00:00:00Z",
    permissions: PERMISSIONS,
    events: [...state.appEvents],
    installations_count: state.installations.length,
  };
}

function installationRecord(state: PlatformState, id: number) {
  return {
    id,
    account: OWNER,
    app_id: state.appId,
    app_slug: "test-app",
    target_id: OWNER.id,
    target_type: OWNER.type,
    repository_selection: "all",
    access_tokens_url: `${state.baseUrl}/app/installations/${id}/access_tokens`,
    permissions: PERMISSIONS,
    events: [...state.appEvents],
  };
}
