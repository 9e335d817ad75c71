import { expect } from "chai";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware, type NodeMiddleware } from "../../src/server/create-node-middleware.js";
import { createTestApp, issuesOpenedPayload } from "../helpers/test-app.js";
import { deliver } from "./start-test-server.js";

type Host = (
  request: IncomingMessage & { body?: unknown; rawBody?: unknown },
  response: ServerResponse,
) => Promise<void> | void;

// Hosts that wrap Node's objects the way serverless adapters and frameworks do.
describe("createNodeMiddleware inside other hosts", () => {
  let server: Server | undefined;
  const seen: string[] = [];
  let middleware: NodeMiddleware;

  beforeEach(() => {
    seen.length = 0;
    const { app } = createTestApp(undefined);
    middleware = createNodeMiddleware(({ app }) => app.on("issues.opened", (context) => void seen.push(context.id)), {
      app,
    });
  });
  afterEach(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
  });

  async function listen(host: Host): Promise<string> {
    server = createServer((request, response) => void host(request, response));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("answers when the host's writeHead() does not return the response (serverless-http)", async () => {
    const url = await listen((request, response) => {
      const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => unknown;
      (response as { writeHead: unknown }).writeHead = (...args: unknown[]) => void writeHead(...args);
      return middleware(request, response).then(() => undefined);
    });
    const delivered = await deliver(url, "issues", issuesOpenedPayload(), { id: "host-1" });
    expect(delivered.status).to.equal(200);
    expect(seen).to.deep.equal(["host-1"]);
    const missing = await fetch(`${url}/elsewhere`);
    expect(missing.status).to.equal(404);
  });

  it("answers 400 naming the body parser when the host already parsed the body (Next.js pages)", async () => {
    const url = await listen(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      request.body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      await middleware(request, response);
    });
    const delivered = await deliver(url, "issues", issuesOpenedPayload(), { id: "host-2" });
    expect(delivered.status).to.equal(400);
    const { error } = (await delivered.json()) as { error: string };
    expect(error).to.include("bodyParser: false");
    expect(seen).to.deep.equal([]);
  });

  it("verifies the raw bytes a host kept as a Buffer body once the stream was read", async () => {
    const url = await listen(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      request.body = Buffer.concat(chunks);
      await middleware(request, response);
    });
    const delivered = await deliver(url, "issues", issuesOpenedPayload(), { id: "host-3" });
    expect(delivered.status).to.equal(200);
    expect(seen).to.deep.equal(["host-3"]);
    const forged = await deliver(url, "issues", issuesOpenedPayload(), { id: "host-4", secret: "wrong" });
    expect(forged.status).to.equal(400);
    expect(seen).to.deep.equal(["host-3"]);
  });

  // Google Cloud Functions and Firebase parse JSON into `body` and keep the bytes as `rawBody`, as
  // Express's `express.json({ verify })` recipe does; Probot's middleware verified those bytes.
  it("verifies the raw bytes a host kept as rawBody beside a parsed body (Cloud Functions)", async () => {
    const url = await listen(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const rawBody = Buffer.concat(chunks);
      request.rawBody = rawBody;
      request.body = JSON.parse(rawBody.toString("utf8"));
      await middleware(request, response);
    });
    const delivered = await deliver(url, "issues", issuesOpenedPayload(), { id: "host-5" });
    expect(delivered.status).to.equal(200);
    expect(seen).to.deep.equal(["host-5"]);
    const forged = await deliver(url, "issues", issuesOpenedPayload(), { id: "host-6", secret: "wrong" });
    expect(forged.status).to.equal(400);
    expect(seen).to.deep.equal(["host-5"]);
  });

  // Vercel's Node.js runtime reads the body before the function runs, hands it again to "data" and
  // "end" listeners through an `on` of the request's own, and makes `body` a getter that parses.
  it("reads the body a host replays to its listeners after reading the stream (Vercel)", async () => {
    const url = await listen(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const replay = new PassThrough();
      const on = request.on.bind(request);
      request.on = ((name: string, listener: (...args: unknown[]) => void) =>
        name === "data" || name === "end" ? replay.on(name, listener) : on(name, listener)) as typeof request.on;
      replay.end(Buffer.concat(chunks));
      Object.defineProperty(request, "body", {
        get: () => {
          throw new Error("the body getter ran");
        },
      });
      await middleware(request, response);
    });
    const delivered = await deliver(url, "issues", issuesOpenedPayload(), { id: "host-7" });
    expect(delivered.status, await delivered.clone().text()).to.equal(200);
    expect(seen).to.deep.equal(["host-7"]);
    const forged = await deliver(url, "issues", issuesOpenedPayload(), { id: "host-8", secret: "wrong" });
    expect(forged.status).to.equal(400);
    expect(seen).to.deep.equal(["host-7"]);
  });
});
