// The Lambda function: API Gateway's HTTP API (or a function URL) hands it GitHub's deliveries as
// events; createLambdaHandler verifies each, runs the app's handlers and answers.
import { createApp, createLambdaHandler } from "gh-app-kit";
import appFn from "./app.js";

/**
 * The handler for the function's environment (APP_ID, PRIVATE_KEY, WEBHOOK_SECRET).
 * The tests pass `overrides` to point it at a stand-in for the GitHub API.
 *
 * @param {import("gh-app-kit").AppOptions} [overrides]
 */
export function createHandler(overrides = {}) {
  return createLambdaHandler(appFn, { app: createApp({ overrides }) });
}

/** @type {ReturnType<typeof createHandler> | undefined} */
let webhooks;

/**
 * The function's handler (`handler.handler` in template.yaml), made on the first event.
 *
 * @param {Parameters<ReturnType<typeof createHandler>>} args
 */
export function handler(...args) {
  webhooks ??= createHandler();
  return webhooks(...args);
}
