import { randomInt } from "node:crypto";
import { errorResponse } from "./messages.js";
import { paginate } from "./paginate.js";
import { repoKey, type PlatformState } from "./state.js";
import type { RouteAuth, RouteHandler } from "./types.js";

type AddRoute = (method: string, pattern: string, handler: RouteHandler, auth: RouteAuth) => void;

/** Routes that need an installation token or a personal token. */
export function addRepoRoutes(add: AddRoute, state: PlatformState): void {
  add(
    "POST",
    "/repos/:owner/:repo/issues/:issue_number/comments",
    ({ params, body, auth }) => {
      const { owner = "", repo = "", issue_number = "" } = params;
      const text = (body as { body?: unknown } | undefined)?.body;
      if (typeof text !== "string") {
        return errorResponse(422, 'Invalid request.\n\n"body" wasn\'t supplied.');
      }
      state.comments.push({ owner, repo, issue_number: Number(issue_number), body: text, auth });
      const id = randomInt(1, 2 ** 31);
      const now = new Date(state.nowMs()).toISOString();
      return {
        status: 201,
        body: {
          id,
          node_id: `IC_${id}`,
          body: text,
          url: `${state.baseUrl}/repos/${owner}/${repo}/issues/comments/${id}`,
          html_url: `https://github.com/${owner}/${repo}/issues/${issue_number}#issuecomment-${id}`,
          user: { login: "test-app[bot]", id: 2000, type: "Bot" },
          created_at: now,
          updated_at: now,
        },
      };
    },
    "token",
  );

  add(
    "GET",
    "/repos/:owner/:repo/issues",
    ({ params, query, path }) => {
      const items = state.issues.get(repoKey(params["owner"] ?? "", params["repo"] ?? "")) ?? [];
      const page = paginate(items, query, state.baseUrl + path);
      return { status: 200, headers: page.headers, body: page.items };
    },
    "token",
  );

  add(
    "GET",
    "/repos/:owner/:repo",
    ({ params }) => {
      const { owner = "", repo = "" } = params;
      return {
        status: 200,
        body: {
          id: 1296269,
          node_id: "R_test",
          name: repo,
          full_name: `${owner}/${repo}`,
          owner: { login: owner, id: 1000, type: "Organization" },
          private: false,
          html_url: `https://github.com/${owner}/${repo}`,
          url: `${state.baseUrl}/repos/${owner}/${repo}`,
          default_branch: "main",
        },
      };
    },
    "token",
  );

  add(
    "GET",
    "/rate_limit",
    () => {
      const reset = Math.floor(state.nowMs() / 1000) + 3600;
      const core = { limit: 5000, used: 0, remaining: 5000, reset };
      const search = { limit: 30, used: 0, remaining: 30, reset };
      const graphql = { limit: 5000, used: 0, remaining: 5000, reset };
      return { status: 200, body: { resources: { core, search, graphql }, rate: core } };
    },
    "public",
  );
}
