import { expect } from "chai";
import express from "express";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Handler, MiddlewareHandler } from "hono";
import type { Router } from "../../src/app-function-argument.js";
import { createNodeMiddleware } from "../../src/server/create-node-middleware.js";
import { createWebHandler } from "../../src/server/create-web-handler.js";
import type { LogCapture } from "../helpers/capture-log.js";
import { createTestApp } from "../helpers/test-app.js";
import { startTestServer, type TestServer } from "./start-test-server.js";

/** An Express handler or middleware as Probot apps wrote them: typed for Express, given to Hono's router. */
const asRoute = (fn: express.RequestHandler) => fn as unknown as Handler & MiddlewareHandler;

const publicDir = mkdtempSync(join(tmpdir(), "express-routes-"));
writeFileSync(join(publicDir, "site.css"), "body {}");
writeFileSync(join(publicDir, "index.html"), "<h1>home</h1>");

/**
 * Probot's docs' routes (`getRouter("/my-app")`, `express.static`, `res.send`), and what Express
 * routes of apps do besides: params, query, a parsed body, a status, a redirect, `next()`, a
 * failure; with Hono routes beside them on the same router.
 */
function mountRoutes(getRouter: (path?: string) => Router): void {
  const router = getRouter("/my-app");
  router.use(asRoute(express.static(publicDir)));
  router.get(
    "/hello-world",
    asRoute((_req, res) => {
      res.send("Hello World");
    }),
  );
  router.get(
    "/items/:id",
    asRoute((req, res) => {
      res.json({ id: req.params["id"], q: req.query["q"] });
    }),
  );
  router.post(
    "/echo",
    asRoute(express.json()),
    asRoute((req, res) => {
      res.status(201).json({ got: req.body as unknown });
    }),
  );
  router.get(
    "/later",
    asRoute(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.redirect("/my-app/hello-world");
    }),
  );
  router.get(
    "/passes",
    asRoute((_req, _res, next) => next()),
  );
  router.get("/passes", (c) => c.text("the next route, Hono's"));
  router.get(
    "/boom",
    asRoute(function failing() {
      throw new Error("database unavailable");
    }),
  );
  // Paths Express reads otherwise than Hono: matched by Express.
  router.get(
    "/healthcheck(.html)?",
    asRoute((_req, res) => {
      res.send("page ok");
    }),
  );
  router.get(
    /^\/v(\d+)\/status$/ as unknown as string,
    asRoute((req, res) => {
      res.send(`status of v${String(req.params[0])}`);
    }),
  );
  router.get("/hono", (c) => c.text("fine"));
}

type Target = { url: string; logs: LogCapture };

function errorRecords(logs: LogCapture): Array<Record<string, unknown>> {
  return logs.records().filter((record) => record["level"] === 50);
}

/** The same cases through each Node host: Express's handlers answer as under Probot's Express server. */
function behavesAsExpress(target: () => Target): void {
  it("runs an Express handler: res.send()", async () => {
    const response = await fetch(`${target().url}/my-app/hello-world`);
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal("Hello World");
    expect(errorRecords(target().logs)).to.deep.equal([]);
  });

  it("gives it Express's req.params and req.query, and res.json()", async () => {
    const response = await fetch(`${target().url}/my-app/items/7?q=open`);
    expect(response.headers.get("content-type")).to.match(/^application\/json/);
    expect(await response.json()).to.deep.equal({ id: "7", q: "open" });
  });

  it("runs Express middleware before the handler: express.json()'s body, res.status()", async () => {
    const response = await fetch(`${target().url}/my-app/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(response.status).to.equal(201);
    expect(await response.json()).to.deep.equal({ got: { a: 1 } });
  });

  it("serves express.static given to use(), mounted at the router's path", async () => {
    const css = await fetch(`${target().url}/my-app/site.css`);
    expect(css.status).to.equal(200);
    expect(await css.text()).to.equal("body {}");
    expect(await (await fetch(`${target().url}/my-app/`)).text()).to.equal("<h1>home</h1>");
  });

  it("waits for a handler that answers later (res.redirect after an await)", async () => {
    const response = await fetch(`${target().url}/my-app/later`, { redirect: "manual" });
    expect(response.status).to.equal(302);
    expect(response.headers.get("location")).to.equal("/my-app/hello-world");
  });

  it("goes on to the next route when the handler calls next()", async () => {
    expect(await (await fetch(`${target().url}/my-app/passes`)).text()).to.equal("the next route, Hono's");
  });

  it("answers 500 and logs one line naming the error when the handler throws", async () => {
    const response = await fetch(`${target().url}/my-app/boom`);
    expect(response.status).to.equal(500);
    expect(await response.json()).to.deep.equal({ error: "Internal server error" });
    const errors = errorRecords(target().logs);
    expect(errors, JSON.stringify(errors)).to.have.length(1);
    expect(String(errors[0]?.["msg"])).to.include("GET /my-app/boom failed: database unavailable");
  });

  it("matches paths as Express does: /healthcheck(.html)?, a RegExp; others go on", async () => {
    for (const path of ["/my-app/healthcheck", "/my-app/healthcheck.html"]) {
      expect(await (await fetch(`${target().url}${path}`)).text(), path).to.equal("page ok");
    }
    expect(await (await fetch(`${target().url}/my-app/v2/status`)).text()).to.equal("status of v2");
    expect((await fetch(`${target().url}/my-app/healthcheck.txt`)).status).to.equal(404);
    expect(await (await fetch(`${target().url}/my-app/hono`)).text()).to.equal("fine");
  });

  it("serves Hono routes beside them as before", async () => {
    expect(await (await fetch(`${target().url}/my-app/hono`)).text()).to.equal("fine");
  });
}

describe("routes written for Express on getRouter()'s router", () => {
  describe("createServer", () => {
    let test: TestServer;
    before(async () => {
      test = await startTestServer(({ getRouter }) => mountRoutes(getRouter));
    });
    after(() => test.close());
    beforeEach(() => test.logs.clear());
    behavesAsExpress(() => test);
  });

  describe("createNodeMiddleware", () => {
    let server: Server;
    let target: Target;
    before(async () => {
      const test = createTestApp(undefined);
      const middleware = createNodeMiddleware(({ getRouter }) => mountRoutes(getRouter), { app: test.app });
      server = createHttpServer((request, response) => void middleware(request, response));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      target = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, logs: test.logs };
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));
    beforeEach(() => target.logs.clear());
    behavesAsExpress(() => target);
  });

  describe("createWebHandler, with no Node request and response", () => {
    it("answers an Express route 500 and logs ROUTE_HANDLER_EXPRESS, saying where it runs and what to write", async () => {
      const { app, logs } = createTestApp(undefined);
      const handler = createWebHandler(({ getRouter }) => mountRoutes(getRouter), { app });
      const response = await handler(new Request("http://127.0.0.1/my-app/hello-world"));
      expect(response.status).to.equal(500);
      const errors = errorRecords(logs);
      expect(errors, JSON.stringify(errors)).to.have.length(2);
      const [middleware, route] = errors as [Record<string, unknown>, Record<string, unknown>];
      // express.static given to use() is passed over, once logged, so the routes beneath it answer.
      expect(String(middleware["msg"])).to.include("The middleware on /my-app (serveStatic) is an Express handler");
      expect(String(middleware["msg"])).to.include("It is passed over");
      expect((route["err"] as { code?: string }).code).to.equal("ROUTE_HANDLER_EXPRESS");
      expect(String(route["msg"]))
        .to.include("GET /my-app/hello-world is an Express handler")
        .and.include("on a Node server");
      expect(String((route["err"] as { hint?: string }).hint)).to.include('(c) => c.text("Hello World")');

      // Routes whose path only Express can match are passed over on the way, each logged once.
      logs.clear();
      expect(await (await handler(new Request("http://127.0.0.1/my-app/hono"))).text()).to.equal("fine");
      const passed = errorRecords(logs).map((record) => String(record["msg"]));
      expect(passed).to.have.length(2);
      expect(passed[0]).to.include("/my-app/healthcheck(.html)? is an Express handler").and.include("passed over");
      logs.clear();
      expect(await (await handler(new Request("http://127.0.0.1/my-app/hono"))).text()).to.equal("fine");
      expect(errorRecords(logs)).to.deep.equal([]);
    });
  });
});
