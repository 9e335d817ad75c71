import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../log/get-log.js";
import { logRequest, pickRequestId } from "./log-request.js";
import { BODY_ALREADY_READ, BodyAlreadyReadError, readNodeBody } from "./read-node-body.js";
import { errorAnswer, type WebhookAnswer } from "./webhook-answer.js";
import type { WebhookAdapter, WebhookReceiver } from "./webhook-receiver.js";

const UNREADABLE = errorAnswer(400, "The webhook body could not be read: the connection broke off.");
const ALREADY_READ = errorAnswer(400, BODY_ALREADY_READ);

const nodeAdapter: WebhookAdapter<IncomingMessage> = {
  header: (request, name) => request.headers[name] as string | undefined,
  readBody: readNodeBody,
};

/** Straight on Node's objects: building no `Request` is the Node server's fast path. */
export async function handleNodeWebhook(
  receiver: WebhookReceiver,
  request: IncomingMessage,
  response: ServerResponse,
  log: Logger,
  path: string,
  closeAfter?: (request: IncomingMessage) => boolean,
): Promise<void> {
  const startedAt = performance.now();
  let answer: WebhookAnswer;
  try {
    answer = await receiver.receive(nodeAdapter, request);
  } catch (error) {
    if (error instanceof BodyAlreadyReadError) {
      log.warn(error.message);
      answer = ALREADY_READ;
    } else {
      log.debug({ err: error }, "A webhook request broke off while its body was read");
      answer = UNREADABLE;
    }
  }
  if (!response.headersSent && !response.destroyed) {
    // Answered while the server stops: the client must not send more on this connection.
    if (closeAfter?.(request)) response.setHeader("connection", "close");
    // Hosts such as serverless-http give a writeHead() that does not return the response.
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  }
  const { headers } = request;
  const id = pickRequestId(
    headers["x-request-id"] as string | undefined,
    headers["x-github-delivery"] as string | undefined,
  );
  logRequest(log, "POST", path, answer.status, startedAt, id);
}
