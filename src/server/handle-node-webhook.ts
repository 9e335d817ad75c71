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
    log.debug({ err: error }, "A webhook request broke off while its body was read");
    answer = UNREADABLE;
  }
  if (!response.headersSent && !response.destroyed) {
    // Answered while the server stops: the client must not send more on this connection.
    if (closeAfter?.(request)) response.setHeader("connection", "close");
    response.writeHead(answer.status, answer.headers).end(answer.body);
  }
  const { headers } = request;
  const id = pickRequestId(
    headers["x-request-id"] as string | undefined,
    headers["x-github-delivery"] as string | undefined,
  );
  logRequest(log, "POST", path, answer.status, startedAt, id);
}

/** Past the limit the rest is dropped, never kept; the 413's `Connection: close` makes Node shut the socket. */
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
