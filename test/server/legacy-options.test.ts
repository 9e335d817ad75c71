import { expect } from "chai";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhooks } from "@octokit/webhooks";
import { Hono } from "hono";
import { App } from "../../src/app.js";
import { createApp } from "../../src/create-app.js";
import { createNodeMiddleware } from "../../src/server/create-node-middleware.js";
import { createServer } from "../../src/server/create-server.js";
import { createWebHandler } from "../../src/server/create-web-handler.js";
import type { AppOptions } from "../../src/types/index.js";
import { sign } from "../helpers/sign.js";
import { createTestApp, issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { deliver, startTestServer, type TestServer } from "./start-test-server.js";

const ADOPTED_SECRET = "adopted-webhooks-secret-5678";

function legacyRouter(): Hono {
  const router = new Hono();
  router.use("/legacy/*", async (c, next) => {
    await next();
    c.header("x-legacy", "yes");
  });
  router.get("/legacy/hello", (c) => c.text("hello from the router option"));
  router.post("/legacy/echo", async (c) => c.json(await c.req.json()));
  return router;
}

function expectOptionInvalid(options: AppOptions, message: RegExp): void {
  let error: { code?: string; message?: string; hint?: string } | undefined;
  try {
    new App(options);
  } catch (failure) {
    error = failure as typeof error;
  }
  expect(error?.code).to.equal("OPTION_INVALID");
  expect(error?.message).to.match(message);
  expect(error?.hint).to.be.a("string").and.not.equal("");
}

describe("The deprecated router option", () => {
  let test: TestServer;
  afterEach(() => test?.close());

  it("is mounted at the root of createServer's server: its routes and middleware answer", async () => {
    test = await startTestServer(({ getRouter }) => void getRouter("/my-app").get("/status", (c) => c.text("fine")), {
      appOptions: { router: legacyRouter() },
    });
    const hello = await fetch(`${test.url}/legacy/hello`);
    expect(hello.status).to.equal(200);
    expect(await hello.text()).to.equal("hello from the router option");
    expect(hello.headers.get("x-legacy")).to.equal("yes");
    const echo = await fetch(`${test.url}/legacy/echo`, { method: "POST", body: JSON.stringify({ a: 1 }) });
    expect(await echo.json()).to.deep.equal({ a: 1 });
    // The server's own routes and getRouter()'s still answer beside it.
    expect(await (await fetch(`${test.url}/my-app/status`)).text()).to.equal("fine");
    expect(await (await fetch(`${test.url}/ping`)).text()).to.equal("PONG");
    expect((await fetch(`${test.url}/legacy/missing`)).status).to.equal(404);
    expect((await test.deliver("issues", issuesOpenedPayload())).status).to.equal(200);
  });

  it("is mounted by createNodeMiddleware too; other paths go to next()", async () => {
    const { app } = createTestApp(undefined, { router: legacyRouter() });
    const middleware = createNodeMiddleware(() => undefined, { app });
    const server: Server = createHttpServer((request, response) => {
      void middleware(request, response, () => response.writeHead(418).end("next"));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const hello = await fetch(`${url}/legacy/hello`);
      expect(hello.status).to.equal(200);
      expect(await hello.text()).to.equal("hello from the router option");
      expect((await fetch(`${url}/elsewhere`)).status).to.equal(418);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("refuses what is not a Hono app, saying what it takes", () => {
    expectOptionInvalid({ router: {} as never }, /Hono/);
    expectOptionInvalid({ router: ((_request: unknown, _response: unknown) => undefined) as never }, /Hono/);
  });
});

describe("The webhooks option", () => {
  let test: TestServer;
  afterEach(() => test?.close());

  function adoptedWebhooks(seen: string[]): Webhooks {
    const webhooks = new Webhooks({ secret: ADOPTED_SECRET });
    webhooks.on("issues.opened", ({ id, name, payload }) => void seen.push(`adopted ${name}.${payload.action} ${id}`));
    return webhooks;
  }

  it("adopts an @octokit/webhooks instance: its secret verifies and its handlers run beside the app's", async () => {
    const seen: string[] = [];
    test = await startTestServer(
      ({ app }) => app.on("issues.opened", (context) => void seen.push(`app ${context.id}`)),
      { appOptions: { webhooks: adoptedWebhooks(seen) } },
    );
    const byAdopted = await test.deliver("issues", issuesOpenedPayload(), { id: "d-adopted", secret: ADOPTED_SECRET });
    expect(byAdopted.status, await byAdopted.text()).to.equal(200);
    expect(seen.sort()).to.deep.equal(["adopted issues.opened d-adopted", "app d-adopted"]);

    seen.length = 0;
    const byOwn = await test.deliver("issues", issuesOpenedPayload(), { id: "d-own", secret: TEST_SECRET });
    expect(byOwn.status).to.equal(200);
    expect(seen.sort()).to.deep.equal(["adopted issues.opened d-own", "app d-own"]);

    seen.length = 0;
    const forged = await test.deliver("issues", issuesOpenedPayload(), { id: "d-forged", secret: "not-the-secret" });
    expect(forged.status).to.equal(400);
    expect(seen).to.deep.equal([]);
  });

  it("with no secret option, only its secret verifies (no development secret), through createApp", async () => {
    const seen: string[] = [];
    const app = createApp({ env: {}, overrides: { webhooks: adoptedWebhooks(seen), logLevel: "fatal" } });
    const server = createServer({ app, port: 0, host: "127.0.0.1" });
    const { url } = await server.start();
    try {
      const development = await deliver(url, "issues", issuesOpenedPayload(), { id: "d-dev", secret: "development" });
      expect(development.status).to.equal(400);
      const good = await deliver(url, "issues", issuesOpenedPayload(), { id: "d-good", secret: ADOPTED_SECRET });
      expect(good.status).to.equal(200);
      expect(seen).to.deep.equal(["adopted issues.opened d-good"]);
      expect(await app.webhooks.sign("{}")).to.equal(await new Webhooks({ secret: ADOPTED_SECRET }).sign("{}"));
    } finally {
      await server.stop({ graceMs: 0 });
    }
  });

  it("a failing handler of the adopted instance fails the delivery (500)", async () => {
    const webhooks = new Webhooks({ secret: ADOPTED_SECRET });
    webhooks.on("issues", () => {
      throw new Error("adopted handler broke");
    });
    test = await startTestServer(undefined, { appOptions: { webhooks } });
    const response = await test.deliver("issues", issuesOpenedPayload(), { secret: ADOPTED_SECRET });
    expect(response.status).to.equal(500);
    expect(await response.text()).to.match(/adopted handler broke/);
  });

  it("createWebHandler serves the router option and verifies with the adopted secret too", async () => {
    const seen: string[] = [];
    const { app } = createTestApp(undefined, { router: legacyRouter(), webhooks: adoptedWebhooks(seen) });
    const handler = createWebHandler(app);
    const hello = await handler(new Request("http://app.example/legacy/hello"));
    expect(await hello.text()).to.equal("hello from the router option");
    const body = JSON.stringify(issuesOpenedPayload());
    const response = await handler(
      new Request("http://app.example/api/github/webhooks", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-github-event": "issues",
          "x-github-delivery": "d-web",
          "x-hub-signature-256": sign(ADOPTED_SECRET, body),
        },
        body,
      }),
    );
    expect(response.status).to.equal(200);
    expect(seen).to.deep.equal(["adopted issues.opened d-web"]);
  });

  it("refuses what is not a Webhooks instance, saying what it takes", () => {
    expectOptionInvalid({ webhooks: {} as never }, /@octokit\/webhooks Webhooks/);
  });
});
