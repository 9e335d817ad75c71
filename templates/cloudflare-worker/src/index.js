// The Worker: one Web-standard handler for GitHub's deliveries (POST /api/github/webhooks) and /ping.
import { createApp, createWebHandler } from "gh-app-kit";
import appFn from "./app.js";

/**
 * The handler for the Worker's settings (secrets and [vars]: APP_ID, PRIVATE_KEY, WEBHOOK_SECRET).
 * The tests pass `overrides` to point it at a stand-in for the GitHub API.
 *
 * @param {Record<string, string | undefined>} env
 * @param {import("gh-app-kit").AppOptions} [overrides]
 */
export function createHandler(env, overrides = {}) {
  return createWebHandler(appFn, { app: createApp({ env, overrides }) });
}

/** @type {ReturnType<typeof createHandler> | undefined} */
let handler;

export default {
  /**
   * `ctx` goes on to the handler: a delivery answered 202 after 9 s finishes in ctx.waitUntil().
   *
   * @param {Request} request
   * @param {Record<string, string | undefined>} env
   * @param {{ waitUntil(promise: Promise<unknown>): void }} ctx
   */
  fetch(request, env, ctx) {
    handler ??= createHandler(env);
    return handler(request, env, ctx);
  },
};
