import type { IncomingMessage } from "node:http";

/** The host read the body stream before the middleware and kept no bytes of it. */
export class BodyAlreadyReadError extends Error {}

export const BODY_ALREADY_READ =
  "The webhook body was already read and parsed before the middleware, so its signature cannot be checked " +
  "against the exact bytes received. Turn the body parser off on this route: in a Next.js pages API route, " +
  "`export const config = { api: { bodyParser: false } }`; in Express, mount the middleware before express.json(), or keep the bytes as request.rawBody.";

/**
 * The body's bytes. Past the limit the rest is dropped, never kept; the 413's
 * `Connection: close` makes Node shut the socket. When a host (a framework's
 * body parser, a serverless adapter) consumed the stream first, the bytes it
 * kept are used: `request.rawBody` (Google Cloud Functions, Firebase, Express's
 * `json({ verify })` recipe), else `request.body` when it is a Buffer or a string,
 * else the body the host replays to new listeners (Vercel's Node.js runtime). A
 * parsed object alone cannot be verified, so that is a `BodyAlreadyReadError`.
 */
export function readNodeBody(request: IncomingMessage, limit: number): Promise<Uint8Array | null> {
  if (request.readableEnded && !replaysBody(request)) {
    const kept = keptBytes(request);
    if (kept === undefined) return Promise.reject(new BodyAlreadyReadError(BODY_ALREADY_READ));
    return Promise.resolve(kept.byteLength > limit ? null : kept);
  }
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

function keptBytes(request: IncomingMessage): Uint8Array | undefined {
  const kept = request as { rawBody?: unknown; body?: unknown };
  return asBytes(kept.rawBody) ?? asBytes(kept.body);
}

/**
 * Vercel's Node.js runtime reads the whole body before the function runs, then hands it again to
 * "data" and "end" listeners through an `on` of its own on the request (the stream itself has
 * ended). A plain request's `on` is its prototype's. Its `body` is then a getter that parses (and
 * throws on bad JSON), so it is not read.
 */
function replaysBody(request: IncomingMessage): boolean {
  return Object.hasOwn(request, "on");
}

function asBytes(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  return typeof value === "string" ? Buffer.from(value, "utf8") : undefined;
}
