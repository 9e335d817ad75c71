import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../log/get-log.js";
import { logRequest, pickRequestId } from "./log-request.js";
import { errorAnswer, type WebhookAnswer } from "./webhook-answer.js";
import type { WebhookAdapter, WebhookReceiver } from "./webhook-receiver.js";

const UNREADABLE = errorAnswer(400, "The webhook body could not be read: the connection broke off.");

const nodeAdapter: WebhookAdapter<IncomingMessage> = {
  header: (request, name) => request.headers[name] as string | undefined,
  readBody: readNodeBody,
};

/**
 * The webhook pipeline straight on Node's objects: no `Request` is built and
 * the body comes off the stream with a running byte count. Used by the Node
 * server's fast path and by `createNodeMiddleware`.
 */
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
    log.debug({ err: error }, "A webhook request broke off while its body was read");
    answer = UNREADABLE;
  }
  if (!response.headersSent && !response.destroyed) {
    // Answered while the server stops: the client must not send more on this connection.
    if (closeAfter?.(request)) response.setHeader("connection", "close");
    response.writeHead(answer.status, answer.headers).end(answer.body);
  }
  const { headers } = request;
  const id = pickRequestId(headers["x-request-id"] as string | undefined, headers["x-github-delivery"] as string | undefined);
  logRequest(log, "POST", path, answer.status, startedAt, id);
}

/**
 * Resolves null without reading when Content-Length is over the limit, or as
 * soon as the running count passes it; the rest of the body is then dropped,
 * never kept. The 413 carries `Connection: close`, so Node shuts the socket
 * once it is written.
 */
function readNodeBody(request: IncomingMessage, limit: number): Promise<Uint8Array | null> {
  const declared = request.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] | null = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      if (chunks === null) return;
      size += chunk.length;
      if (size > limit) {
        chunks = null;
        resolve(null);
      } else {
        chunks.push(chunk);
      }
    });
    request.on("end", () => {
      if (chunks !== null) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    });
    // An aborted request emits "error" (ECONNRESET), so no "close" listener is needed.
    request.on("error", reject);
  });
}
