// The Vercel function at /api/github/webhooks: a Web-standard POST handler for GitHub's
// deliveries. It also works as a Next.js App Router route, app/api/github/webhooks/route.js, which
// imports the app as ../../../../app.js.
import { createApp, createWebHandler } from "gh-app-kit";
import appFn from "../../app.js";

/**
 * The handler for the project's Environment Variables (APP_ID, PRIVATE_KEY, WEBHOOK_SECRET).
 * The tests pass `overrides` to point it at a stand-in for the GitHub API.
 *
 * @param {import("gh-app-kit").AppOptions} [overrides]
 */
export function createHandler(overrides = {}) {
  return createWebHandler(appFn, { app: createApp({ overrides }) });
}

/** @type {ReturnType<typeof createHandler> | undefined} */
let handler;

/** @param {Request} request */
export function POST(request) {
  handler ??= createHandler();
  return handler(request);
}
