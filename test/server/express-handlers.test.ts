import { expect } from "chai";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Handler, MiddlewareHandler } from "hono";
import type { Router } from "../../src/app-function-argument.js";
import { createNodeMiddleware } from "../../src/server/create-node-middleware.js";
import type { LogCapture } from "../helpers/capture-log.js";
import { createTestApp } from "../helpers/test-app.js";
import { startTestServer, type TestServer } from "./start-test-server.js";

type ExpressRequest = { method?: string; query?: unknown };
type ExpressResponse = { send(body: string): void; end(body?: string): void };
/** An Express handler as Probot apps wrote them: typed for Express, given to Hono's router. */
const express = (fn: (req: ExpressRequest, res: ExpressResponse, next: () => void) => void) =>
  fn as unknown as Handler & MiddlewareHandler;

/** Probot's docs' example, and the two other ways Express code fails on a Hono router. */
function mountRoutes(getRouter: (path?: string) => Router): void {
  const router = getRouter("/my-app");
  router.get(
    "/hello-world",
    express((_req, res) => {
      res.send("Hello World");
    }),
  );
  router.get(
    "/nothing",
    express((req) => {
      void req.query;
    }),
  );
  router.get("/hono", (c) => c.text("fine"));
  router.get("/hono-boom", () => {
    throw new Error("database unavailable");
  });
  const assets = getRouter("/assets");
  assets.use(
    express(function serveStatic(req, res, next) {
      if (req.method !== "GET" && req.method !== "HEAD") {
        next();
        return;
      }
      res.end("body {}");
    }),
  );
  assets.get("/site.css", (c) => c.text("never reached"));
}

const CODE = "ROUTE_HANDLER_EXPRESS";

function errorRecords(logs: LogCapture): Array<Record<string, unknown>> {
  return logs.records().filter((record) => record["level"] === 50);
}

function expectExpressLine(logs: LogCapture, path: string, name?: string): void {
  const errors = errorRecords(logs);
  expect(errors, JSON.stringify(errors)).to.have.length(1);
  const [record] = errors as [Record<string, unknown>];
  expect(record).to.include({ code: CODE, path });
  const message = String(record["msg"]);
  expect(message).to.include(path).and.include("Express handler").and.include(CODE);
  expect(message).to.include('(c) => c.text("Hello World")').and.include("createNodeMiddleware()");
  if (name) expect(message).to.include(`(${name})`);
  expect(message).not.to.include("\n");
}

describe("routes written for Express on getRouter()'s Hono router", () => {
  describe("createServer", () => {
    let test: TestServer;
    before(async () => {
      test = await startTestServer(({ getRouter }) => mountRoutes(getRouter));
    });
    after(() => test.close());
    beforeEach(() => test.logs.clear());

    it("answers 500 as before to res.send(), and logs one line saying it is an Express handler", async () => {
      const response = await fetch(`${test.url}/my-app/hello-world`);
      expect(response.status).to.equal(500);
      expect(await response.json()).to.deep.equal({ error: "Internal server error" });
      expectExpressLine(test.logs, "/my-app/hello-world");
      expect(String(errorRecords(test.logs)[0]?.["msg"])).to.include("res.send is not a function");
    });

    it("says so for an Express handler that answers nothing", async () => {
      const response = await fetch(`${test.url}/my-app/nothing`);
      expect(response.status).to.equal(500);
      expectExpressLine(test.logs, "/my-app/nothing");
    });

    it("names Express middleware given to use() (express.static's serveStatic)", async () => {
      const response = await fetch(`${test.url}/assets/site.css`);
      expect(response.status).to.equal(500);
      expectExpressLine(test.logs, "/assets/site.css", "serveStatic");
    });

    it("serves Hono routes as before, and does not call a Hono route's failure Express's", async () => {
      expect(await (await fetch(`${test.url}/my-app/hono`)).text()).to.equal("fine");
      expect((await fetch(`${test.url}/my-app/hono-boom`)).status).to.equal(500);
      const errors = errorRecords(test.logs);
      expect(errors).to.have.length(1);
      expect(errors[0]).not.to.have.property("code");
      expect(String(errors[0]?.["msg"])).not.to.include("Express");
    });
  });

  describe("createNodeMiddleware", () => {
    let server: Server;
    let url: string;
    let logs: LogCapture;
    before(async () => {
      const test = createTestApp(undefined);
      logs = test.logs;
      const middleware = createNodeMiddleware(({ getRouter }) => mountRoutes(getRouter), { app: test.app });
      server = createHttpServer((request, response) => void middleware(request, response));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(() => logs.clear());

    it("answers 500 as before to res.send(), and logs the same line", async () => {
      const response = await fetch(`${url}/my-app/hello-world`);
      expect(response.status).to.equal(500);
      expectExpressLine(logs, "/my-app/hello-world");
    });

    it("says so for an Express handler that answers nothing (Hono answers it 404 here)", async () => {
      const response = await fetch(`${url}/my-app/nothing`);
      expect(response.status).to.equal(404);
      expectExpressLine(logs, "/my-app/nothing");
    });

    it("names Express middleware given to use()", async () => {
      expect((await fetch(`${url}/assets/site.css`)).status).to.equal(500);
      expectExpressLine(logs, "/assets/site.css", "serveStatic");
    });
  });
});
