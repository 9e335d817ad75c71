import type { App } from "../app.js";
import { answerWebWebhook, toResponse } from "./answer-web-webhook.js";
import { getPathname } from "./get-pathname.js";
import { logRequest, pickRequestId } from "./log-request.js";
import { resolveServerOptions, type WebhookOptions } from "./resolve-server-options.js";
import { errorAnswer } from "./webhook-answer.js";
import { WebhookReceiver } from "./webhook-receiver.js";

export type WebHandlerOptions = WebhookOptions;

const NOT_FOUND = errorAnswer(404, "Not found");
const POST_ONLY = errorAnswer(404, "The webhook path only accepts POST deliveries.");

/**
 * The app's webhook route as a Web-standard handler, for fetch-based
 * runtimes with Node built-ins (Deno, Bun, serverless adapters): the same
 * verification, status codes and timeout as the Node server. Other paths get
 * a JSON 404.
 *
 * @example
 * const handler = createWebHandler(app, { webhookPath: "/api/github/webhooks" });
 * Deno.serve(handler);
 */
export function createWebHandler(app: App, options: WebHandlerOptions = {}): (request: Request) => Promise<Response> {
  const resolved = resolveServerOptions(app, options, "createWebHandler");
  const receiver = new WebhookReceiver(app, resolved);
  const { webhookPath, log } = resolved;
  return async function handleRequest(request: Request): Promise<Response> {
    const startedAt = performance.now();
    const path = getPathname(request.url);
    let response: Response;
    if (path !== webhookPath) response = toResponse(NOT_FOUND);
    else if (request.method !== "POST") response = toResponse(POST_ONLY);
    else response = await answerWebWebhook(receiver, request);
    const id = pickRequestId(request.headers.get("x-request-id"), request.headers.get("x-github-delivery"));
    logRequest(log, request.method, path, response.status, startedAt, id);
    return response;
  };
}
