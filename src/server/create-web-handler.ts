import type { App } from "../app.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import { toResponse } from "./answer-web-webhook.js";
import { mountApp } from "./mount-app.js";
import { openDeliveryPort, type QueueModeOptions } from "./open-delivery-queue.js";
import type { WebhookOptions } from "./resolve-server-options.js";
import { requireAppArgument } from "./require-app-argument.js";
import { NOT_LOADED_ANSWER } from "./webhook-answer.js";

export type WebHandlerOptions = WebhookOptions & QueueModeOptions;
/** What Cloudflare Workers pass as `fetch`'s third argument (other runtimes pass other things, or nothing). */
type ExecutionContext = { waitUntil?(promise: Promise<unknown>): void };
export type WebHandler = ((request: Request, env?: unknown, context?: ExecutionContext) => Promise<Response>) & {
  /** Closes the delivery queue it opened (`queue: "redis"`); the app's Redis is closed by `app.close()`. */
  close(): Promise<void>;
};
type AnyAppFunction = ApplicationFunction | DeprecatedApplicationFunction;

/** How long Workers let a request's work go on after its answer (waitUntil's limit). */
const WAIT_UNTIL_MS = 30_000;

/**
 * Everything the server serves as one Web-standard handler, for fetch-based
 * runtimes (Deno, Bun, workers with Node built-ins, serverless adapters): the
 * webhook route with the same verification, status codes and timeout as the
 * Node server, `/ping`, the `/` redirect, JSON 404s, and the routes an app
 * function mounts with `getRouter()`. Given an app function, it loads it once,
 * right away; requests wait for that. With `queue: "redis"` verified
 * deliveries are stored for `app worker` processes (see docs/queue.md). The Node server is this router plus a
 * fast path for webhook deliveries on Node's own request objects.
 *
 * @example
 * const handler = createWebHandler(appFn, { app: createApp() });
 * Deno.serve(handler);
 */
export function createWebHandler(app: App, options?: WebHandlerOptions): WebHandler;
export function createWebHandler(appFn: ApplicationFunction, options: WebHandlerOptions & { app: App }): WebHandler;
export function createWebHandler(
  appFn: DeprecatedApplicationFunction,
  options: WebHandlerOptions & { app: App },
): WebHandler;
export function createWebHandler(
  appOrFn: App | AnyAppFunction,
  options: WebHandlerOptions & { app?: App | undefined } = {},
): WebHandler {
  return makeWebHandler(appOrFn, options, "createWebHandler").handler;
}

/** `createWebHandler`, with the name of the function the user called for its errors, and the webhook path it serves. */
export function makeWebHandler(
  appOrFn: App | AnyAppFunction,
  options: WebHandlerOptions & { app?: App | undefined },
  caller: string,
): { handler: WebHandler; webhookPath: string } {
  requireAppArgument(appOrFn, caller);
  const appFn = typeof appOrFn === "function" ? appOrFn : undefined;
  const app = appFn ? options.app : (appOrFn as App);
  const opened = openDeliveryPort(app as App, options, caller);
  const { router, loadLogged, receiver, resolved } = mountApp(app as App, {
    ...options,
    caller,
    routes: "server",
    deliveryQueue: opened.queue,
  });
  const loaded = appFn ? loadLogged([appFn]) : undefined;
  const handleRequest = async function handleRequest(
    request: Request,
    _env?: unknown,
    context?: ExecutionContext,
  ): Promise<Response> {
    if (loaded && !(await loaded)) return toResponse(NOT_LOADED_ANSWER);
    const response = await router.fetch(request);
    // Workers end a request's work once it is answered, unless told to wait: handlers answered 202 go on.
    if (response.status === 202 && receiver.inFlight.count > 0 && typeof context?.waitUntil === "function") {
      context.waitUntil(receiver.inFlight.idle(WAIT_UNTIL_MS));
    }
    return response;
  };
  return { handler: Object.assign(handleRequest, { close: opened.close }), webhookPath: resolved.webhookPath };
}
