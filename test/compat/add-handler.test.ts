import { expect } from "chai";
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware, isAppError, type App } from "../../src/index.js";
import { deliver, startTestServer, type TestServer } from "../server/start-test-server.js";
import { createTestApp, issuesOpenedPayload } from "../helpers/test-app.js";

type NodeHandler = (request: IncomingMessage, response: ServerResponse) => unknown;
type Probot14Options = { cwd: string; addHandler(handler: NodeHandler): void };

/**
 * Probot 14 dropped `getRouter` for `addHandler`: an app function `(app, { addHandler })` adds
 * Node handlers `(req, res)` that answer what they take and return true (Mudlet's
 * deployment-link-probot serves `POST /snapshots` so, from its Vercel entry). Probot runs them
 * before the webhook path in `createNodeMiddleware`, after the server's own routes in its server,
 * and outside a server `addHandler` throws when called.
 */
function probot14App(ran: string[]) {
  return (app: App, { addHandler }: Probot14Options) => {
    app.on("issues", (context) => void ran.push(context.id));
    addHandler((request, response) => {
      if (request.url !== "/hello") return false;
      response.writeHead(200, { "content-type": "text/plain" });
      response.end("Hello World");
      return true;
    });
    addHandler(async (request) => {
      if (request.url === "/fails") throw new Error("handler failed");
      return undefined;
    });
    // As deployment-link-probot's: it answers once the body is read, and returns nothing.
    addHandler(async (request, response) => {
      if (request.url !== "/later") return undefined;
      await new Promise((resolve) => setTimeout(resolve, 5));
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        response.statusCode = 201;
        response.end(`got ${body}`);
      });
      return undefined;
    });
  };
}

describe("Probot 14's addHandler", () => {
  describe("in createNodeMiddleware", () => {
    let server: Server;
    let url: string;
    const ran: string[] = [];
    before(async () => {
      const { app } = createTestApp(undefined);
      // As a Vercel entry writes it: `export default await createNodeMiddleware(appFn, { probot })`.
      const middleware = await createNodeMiddleware(probot14App(ran) as never, { app });
      server = createHttpServer((request, response) =>
        middleware(request, response, () => response.writeHead(418).end()),
      );
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise((resolve) => server.close(resolve)));

    it("answers with the handlers the app function added, in order", async () => {
      const response = await fetch(`${url}/hello`);
      expect([response.status, await response.text()]).to.deep.equal([200, "Hello World"]);
    });

    it("passes on what no handler answers, and still takes deliveries", async () => {
      expect((await fetch(`${url}/other`)).status).to.equal(418);
      expect((await deliver(url, "issues", issuesOpenedPayload(), { id: "d-added" })).status).to.equal(200);
      expect(ran).to.include("d-added");
    });

    it("answers 500 when a handler throws", async () => {
      expect((await fetch(`${url}/fails`)).status).to.equal(500);
    });

    it("leaves a request to a handler that began reading it, though it returned nothing", async () => {
      const response = await fetch(`${url}/later`, { method: "POST", body: "[1]" });
      expect([response.status, await response.text()]).to.deep.equal([201, "got [1]"]);
    });
  });

  it("in createNodeMiddleware without next (a Vercel function), leaves the request to such a handler", async () => {
    const { app } = createTestApp(undefined);
    const middleware = await createNodeMiddleware(probot14App([]) as never, { app });
    const server = createHttpServer((request, response) => void middleware(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const later = await fetch(`${url}/later`, { method: "POST", body: "[2]" });
      expect([later.status, await later.text()]).to.deep.equal([201, "got [2]"]);
      expect((await fetch(`${url}/other`)).status).to.equal(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  describe("in createServer (app run)", () => {
    let test: TestServer;
    const ran: string[] = [];
    before(async () => {
      test = await startTestServer(probot14App(ran) as never);
    });
    after(() => test.close());

    it("answers with them after the server's own routes", async () => {
      const hello = await fetch(`${test.url}/hello`);
      expect([hello.status, await hello.text()]).to.deep.equal([200, "Hello World"]);
      expect(await (await fetch(`${test.url}/ping`)).text()).to.equal("PONG");
      expect((await fetch(`${test.url}/other`)).status).to.equal(404);
      expect((await fetch(`${test.url}/fails`)).status).to.equal(500);
      const later = await fetch(`${test.url}/later`, { method: "POST", body: "[1]" });
      expect([later.status, await later.text()]).to.deep.equal([201, "got [1]"]);
      expect((await test.deliver("issues", issuesOpenedPayload(), { id: "d-server" })).status).to.equal(200);
      expect(ran).to.include("d-server");
    });
  });

  it("outside a server is a function that throws a clear error when called", async () => {
    const { app } = createTestApp(undefined);
    let type = "";
    let error: unknown;
    await app.load(((_app: App, { addHandler }: Probot14Options) => {
      type = typeof addHandler;
      try {
        addHandler(() => true);
      } catch (e) {
        error = e;
      }
    }) as never);
    expect(type).to.equal("function");
    expect(isAppError(error) && error.code).to.equal("APP_FUNCTION_INVALID");
  });
});
