import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { App } from "../app.js";
import type { ApplicationFunction, DeprecatedApplicationFunction } from "../application-function.js";
import { getPathname, isWebhookPath } from "./get-pathname.js";
import { handleNodeWebhook } from "./handle-node-webhook.js";
import { logRequest, pickRequestId } from "./log-request.js";
import { mountApp } from "./mount-app.js";
import { openDeliveryPort, type QueueModeOptions } from "./open-delivery-queue.js";
import type { WebhookOptions } from "./resolve-server-options.js";
import { isDelivery, misdirectedDelivery } from "./misdirected-delivery.js";
import { errorAnswer, NOT_LOADED_ANSWER, type WebhookAnswer } from "./webhook-answer.js";

export type MiddlewareOptions = {
  App?: typeof App | undefined;
  app: App;
};

export type NodeMiddlewareOptions = MiddlewareOptions & WebhookOptions & QueueModeOptions;

export type NodeMiddleware = ((
  request: IncomingMessage,
  response: ServerResponse,
  next?: () => void,
) => Promise<boolean>) & {
  /** Closes the delivery queue it opened (`queue: "redis"`); the app's Redis is closed by `app.close()`. */
  close(): Promise<void>;
};

const NOT_FOUND = errorAnswer(404, "Not found");
const POST_ONLY = errorAnswer(404, "The webhook path only accepts POST deliveries.");

/**
 * Runs an app inside any Node `http` server (Express, Fastify's middie,
 * plain `http.createServer`): it answers the webhook path and the routes the
 * app function mounts with `getRouter()` (or, first, Probot 14's `addHandler`
 * handlers of an app function in Probot's shape), and passes everything else to
 * `next()` (or answers a JSON 404 when there is none). The app function
 * loads once, right away; requests wait for it. Resolves true when the
 * middleware answered the request. With `queue: "redis"` verified
 * deliveries are stored for `app worker` processes (see docs/queue.md).
 *
 * @example
 * const middleware = createNodeMiddleware(appFn, { app: createApp() });
 * http.createServer((req, res) => middleware(req, res)).listen(3000);
 */
export function createNodeMiddleware(appFn: ApplicationFunction, options: NodeMiddlewareOptions): NodeMiddleware;
export function createNodeMiddleware(
  appFn: DeprecatedApplicationFunction,
  options: NodeMiddlewareOptions,
): NodeMiddleware;
export function createNodeMiddleware(
  appFn: ApplicationFunction | DeprecatedApplicationFunction,
  options: NodeMiddlewareOptions,
): NodeMiddleware {
  const opened = openDeliveryPort(options?.app, options ?? {}, "createNodeMiddleware");
  const {
    receiver,
    router: routes,
    resolved,
    handlers,
    loadLogged,
  } = mountApp(options?.app, {
    ...options,
    caller: "createNodeMiddleware",
    routes: "middleware",
    deliveryQueue: opened.queue,
    nodeHandlers: true,
  });
  const { webhookPath, log } = resolved;
  const listener = getRequestListener(routes.fetch);
  const loaded = loadLogged([appFn]);
  const warned = new Set<string>();
  // Nothing after this middleware: a delivery at another path is told where deliveries go.
  const passOn = (request: IncomingMessage, response: ServerResponse, path: string, next?: () => void) => {
    if (next) next();
    else if (!isDelivery(request.method, header(request, "x-github-event"))) answer(response, NOT_FOUND);
    else answer(response, errorAnswer(404, misdirectedDelivery(path, webhookPath, log, warned)));
    return false;
  };

  const middleware = async function middleware(
    request: IncomingMessage,
    response: ServerResponse,
    next?: () => void,
  ): Promise<boolean> {
    const startedAt = performance.now();
    const path = getPathname(request.url ?? "/");
    if (!(await loaded)) {
      // Only the webhook path is surely ours: pass everything else on.
      if (isWebhookPath(path, webhookPath)) return answer(response, NOT_LOADED_ANSWER);
      return passOn(request, response, path, next);
    }
    // Probot 14's order: the handlers app functions added come first.
    if (handlers.size > 0 && (await handlers.run(request, response))) return true;
    if (isWebhookPath(path, webhookPath)) {
      if (request.method === "POST") await handleNodeWebhook(receiver, request, response, log, path);
      else answer(response, POST_ONLY);
      return true;
    }
    const method = request.method === "HEAD" ? "GET" : (request.method ?? "GET");
    if (routes.router.match(method, path)[0].length > 0) {
      await listener(request, response);
      const id = pickRequestId(header(request, "x-request-id"), header(request, "x-github-delivery"));
      logRequest(log, request.method ?? "GET", path, response.statusCode, startedAt, id);
      return true;
    }
    return passOn(request, response, path, next);
  };
  return Object.assign(middleware, { close: opened.close });
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function answer(response: ServerResponse, { status, headers, body }: WebhookAnswer): true {
  if (response.headersSent) return true; // an app's own handler answered it
  // Hosts such as serverless-http give a writeHead() that does not return the response.
  response.writeHead(status, headers);
  response.end(body);
  return true;
}
