import type { App } from "../app.js";
import type { ApplicationFunction, DeprecatedApplicationFunction, Router } from "../types.js";
import { toResponse } from "./answer-web-webhook.js";
import { createRouter } from "./create-router.js";
import { resolveServerOptions, type WebhookOptions } from "./resolve-server-options.js";
import { NOT_LOADED_ANSWER } from "./webhook-answer.js";
import { WebhookReceiver } from "./webhook-receiver.js";

export type WebHandlerOptions = WebhookOptions;
export type WebHandler = (request: Request) => Promise<Response>;
type AnyAppFunction = ApplicationFunction | DeprecatedApplicationFunction;

/**
 * Everything the server serves as one Web-standard handler, for fetch-based
 * runtimes (Deno, Bun, workers with Node built-ins, serverless adapters): the
 * webhook route with the same verification, status codes and timeout as the
 * Node server, `/ping`, the `/` redirect, JSON 404s, and the routes an app
 * function mounts with `getRouter()`. Given an app function, it loads it once,
 * right away; requests wait for that. The Node server is this router plus a
 * fast path for webhook deliveries on Node's own request objects.
 *
 * @example
 * const handler = createWebHandler(appFn, { app: createApp() });
 * Deno.serve(handler);
 */
export function createWebHandler(app: App, options?: WebHandlerOptions): WebHandler;
export function createWebHandler(appFn: ApplicationFunction, options: WebHandlerOptions & { app: App }): WebHandler;
export function createWebHandler(appFn: DeprecatedApplicationFunction, options: WebHandlerOptions & { app: App }): WebHandler;
export function createWebHandler(
  appOrFn: App | AnyAppFunction,
  options: WebHandlerOptions & { app?: App | undefined } = {},
): WebHandler {
  const appFn = typeof appOrFn === "function" ? appOrFn : undefined;
  const app = appFn ? options.app : (appOrFn as App);
  const resolved = resolveServerOptions(app as App, options, "createWebHandler");
  const receiver = new WebhookReceiver(app as App, resolved);
  const router = createRouter({ receiver, webhookPath: resolved.webhookPath, log: resolved.log });
  const getRouter = (path?: string): Router => router.basePath(path ?? "/");
  const loaded = appFn
    ? (app as App).load([appFn as ApplicationFunction], { getRouter }).then(
        () => true,
        (error: unknown) => {
          resolved.log.error({ err: error }, `The app function failed to load: ${(error as Error)?.message ?? String(error)}`);
          return false;
        },
      )
    : undefined;
  return async function handleRequest(request: Request): Promise<Response> {
    if (loaded && !(await loaded)) return toResponse(NOT_LOADED_ANSWER);
    return router.fetch(request);
  };
}
