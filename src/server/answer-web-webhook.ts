import { readWebBody } from "./read-web-body.js";
import type { WebhookAnswer } from "./webhook-answer.js";
import type { WebhookAdapter, WebhookReceiver } from "./webhook-receiver.js";

const webAdapter: WebhookAdapter<Request> = {
  header: (request, name) => request.headers.get(name),
  readBody: readWebBody,
};

/** The webhook pipeline on a Web `Request`, for fetch-based runtimes and the Hono route. */
export async function answerWebWebhook(receiver: WebhookReceiver, request: Request): Promise<Response> {
  return toResponse(await receiver.receive(webAdapter, request));
}

export function toResponse({ status, body, headers }: WebhookAnswer): Response {
  return new Response(body, { status, headers });
}
