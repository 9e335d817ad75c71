/** Written without conversion by Node's `writeHead` and by `new Response(body, init)`. */
export type WebhookAnswer = {
  readonly status: number;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
};

export const OK_ANSWER = textAnswer(200, "ok");

/** Handlers outlasted the timeout and go on running. */
export const ACCEPTED_ANSWER = textAnswer(202, "still processing");

/** Another instance already handled this delivery (Redis sharing). */
export const DUPLICATE_ANSWER = textAnswer(200, "ok (already handled)");

/** Another instance is handling this delivery now (Redis sharing). */
export const ELSEWHERE_ANSWER = textAnswer(202, "being handled by another instance");

/** Queue mode: the delivery is stored; a worker runs it. */
export function queuedAnswer(id: string): WebhookAnswer {
  return answer(202, JSON.stringify({ queued: id }), JSON_TYPE);
}

/** Queue mode: this delivery id was queued, run or done already; nothing is queued again. */
export function duplicateAnswer(id: string): WebhookAnswer {
  return answer(200, JSON.stringify({ duplicate: id }), JSON_TYPE);
}

const JSON_TYPE = "application/json; charset=UTF-8";

export function errorAnswer(status: number, message: string, extraHeaders?: Record<string, string>): WebhookAnswer {
  return answer(status, JSON.stringify({ error: message }), "application/json; charset=UTF-8", extraHeaders);
}

/** 503 in setup mode: no credentials yet, so no handler can run. */
export const NOT_CONFIGURED_ANSWER = errorAnswer(
  503,
  "The app is not configured: the server runs in setup mode, without an app id and private key. Finish the setup and restart it.",
);

/** 503 to every request while the server stops; the connection is closed after it. */
export const STOPPING_ANSWER = errorAnswer(
  503,
  "The app is shutting down; send this again in a moment (the platform redelivers on request).",
  { connection: "close", "retry-after": "5" },
);

/** Queue mode: Redis did not store the delivery, so it is not acknowledged (the platform shows it failed; redeliver it). */
export const QUEUE_UNAVAILABLE_ANSWER = errorAnswer(
  503,
  "The delivery queue is unreachable, so this delivery was not stored; redeliver it once the queue's Redis is back.",
  { "retry-after": "10" },
);

/** 500 while the app function has not loaded (or failed to). */
export const NOT_LOADED_ANSWER = errorAnswer(500, "The app failed to load; see the server's log.");

function textAnswer(status: number, body: string): WebhookAnswer {
  return answer(status, body, "text/plain; charset=UTF-8");
}

function answer(
  status: number,
  body: string,
  contentType: string,
  extraHeaders?: Record<string, string>,
): WebhookAnswer {
  return {
    status,
    body,
    headers: { "content-type": contentType, "content-length": String(Buffer.byteLength(body)), ...extraHeaders },
  };
}

/** 400 naming the webhook headers that are missing (values in the order event, delivery, signature). */
export function missingHeaders(...values: Array<string | null | undefined>): WebhookAnswer {
  const missing = ["X-GitHub-Event", "X-GitHub-Delivery", "X-Hub-Signature-256"].filter((_, index) => !values[index]);
  return errorAnswer(
    400,
    `Missing webhook header${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. ` +
      "Only the platform's webhook deliveries belong on this path.",
  );
}

/** 413 for bodies over `maxBodyBytes`; the connection is closed after it. */
export function tooLargeAnswer(maxBodyBytes: number): WebhookAnswer {
  const mib = maxBodyBytes / (1024 * 1024);
  const limit = Number.isInteger(mib) ? `${mib} MiB` : `${maxBodyBytes} bytes`;
  return errorAnswer(413, `The webhook body is larger than ${limit}, more than the platform ever sends.`, {
    connection: "close",
  });
}

/** 503 beyond `maxConcurrentDeliveries`: the platform shows the delivery as failed, to redeliver, instead of queueing without limit. */
export function limitAnswer(max: number): WebhookAnswer {
  return errorAnswer(
    503,
    `The app is already running ${max} deliveries, its limit; redeliver this one from the app's settings once it has caught up.`,
    { "retry-after": "5" },
  );
}
