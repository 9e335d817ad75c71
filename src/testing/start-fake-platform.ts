import { generateKeyPair, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyAppJwt } from "./verify-app-jwt.js";

/** One request the fake platform received. */
export type RecordedRequest = {
  method: string;
  /** The path with its query, e.g. "/repos/octo/hello/issues/7/comments". */
  path: string;
  /** The parsed JSON body; undefined when there was none. */
  body: unknown;
  /** "app": the app's JWT; "installation": a token the platform issued. */
  auth: "app" | "installation" | "none";
  installationId?: number;
};

export type FakePlatform = {
  /** The API base URL: pass it as `baseUrl`. */
  url: string;
  appId: number;
  /** The app's private key, generated once per process: the platform checks JWTs against it. */
  privateKey: string;
  /** Every authenticated request, in order, token exchanges included. */
  requests: RecordedRequest[];
  /** Answers `method path` (exact, without query) with `body` from now on, instead of `{}`. */
  reply(method: string, path: string, body: unknown, status?: number): void;
  close(): Promise<void>;
};

/**
 * Starts a small stand-in for the GitHub REST API on 127.0.0.1, for tests
 * without network: it issues installation tokens for the app's JWT, checks
 * them on every other request, records the requests and answers 201 with the
 * body sent (POST) or 200 `{}` (other methods), unless `reply()` says otherwise.
 *
 * @example
 * const platform = await startFakePlatform();
 * after(() => platform.close());
 */
export async function startFakePlatform({ appId = 1 }: { appId?: number } = {}): Promise<FakePlatform> {
  const { privateKey, publicKey } = await getKeyPair();
  const tokens = new Map<string, number>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => send(response, 500, { message: String(error) }));
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? "GET";
    const path = request.url ?? "/";
    const body = await readJson(request);
    const [scheme = "", credential = ""] = (request.headers.authorization ?? "").split(" ");
    let auth: RecordedRequest["auth"] = "none";
    let installationId: number | undefined;
    if (/^bearer$/i.test(scheme) && credential.split(".").length === 3) {
      if (!verifyAppJwt(credential, { appId, publicKey }))
        return send(response, 401, { message: "A JSON web token could not be decoded" });
      auth = "app";
    } else if (credential !== "") {
      installationId = tokens.get(credential);
      if (installationId === undefined) return send(response, 401, { message: "Bad credentials" });
      auth = "installation";
    }
    if (auth === "none") return send(response, 401, { message: "Requires authentication" });
    requests.push({ method, path, body, auth, ...(installationId === undefined ? {} : { installationId }) });

    const exchange = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path);
    if (method === "POST" && exchange) {
      if (auth !== "app") return send(response, 401, { message: "A JSON web token could not be decoded" });
      const token = `ghs_${randomBytes(18).toString("hex")}`;
      tokens.set(token, Number(exchange[1]));
      return send(response, 201, { token, expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    }
    const reply = replies.get(`${method} ${path.split("?")[0]}`);
    if (reply) return send(response, reply.status, reply.body);
    return method === "POST"
      ? send(response, 201, { id: requests.length, ...(body as object) })
      : send(response, 200, {});
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    privateKey,
    requests,
    reply: (method, path, body, status = 200) => void replies.set(`${method.toUpperCase()} ${path}`, { status, body }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// Making an RSA key takes long on a busy machine: one per process is enough.
let keyPair: Promise<{ privateKey: string; publicKey: string }> | undefined;
function getKeyPair() {
  keyPair ??= promisify(generateKeyPair)("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return keyPair;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}
