import { expect } from "chai";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware } from "../../src/server/create-node-middleware.js";
import { createTestApp, issuesOpenedPayload } from "../helpers/test-app.js";
import { deliver } from "./start-test-server.js";

describe("createNodeMiddleware", () => {
  let server: Server;
  let url: string;
  const seen: string[] = [];
  const results: boolean[] = [];

  before(async () => {
    const { app } = createTestApp(undefined);
    const middleware = createNodeMiddleware(
      ({ app, getRouter }) => {
        app.on("issues.opened", (context) => void seen.push(context.id));
        getRouter("/my-app").get("/status", (c) => c.text("fine"));
      },
      { app },
    );
    server = createServer((request, response) => {
      void middleware(request, response, () => response.writeHead(418).end("next")).then((handled) =>
        results.push(handled),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    results.length = 0;
  });

  it("handles a signed delivery on the webhook path inside a plain http server", async () => {
    const response = await deliver(url, "issues", issuesOpenedPayload(), { id: "mw-1" });
    expect(response.status).to.equal(200);
    expect(seen).to.deep.equal(["mw-1"]);
    expect(results).to.deep.equal([true]);
  });

  it("answers 400 to a bad signature without running the handler", async () => {
    const response = await deliver(url, "issues", issuesOpenedPayload(), { secret: "wrong-secret" });
    expect(response.status).to.equal(400);
    expect(seen).to.deep.equal([]);
  });

  it("serves routes the app function mounted with getRouter()", async () => {
    const response = await fetch(`${url}/my-app/status`);
    expect(await response.text()).to.equal("fine");
    expect(results).to.deep.equal([true]);
  });

  it("calls next() for paths it does not own", async () => {
    const response = await fetch(`${url}/somewhere-else`);
    expect(response.status).to.equal(418);
    expect(await response.text()).to.equal("next");
    expect(results).to.deep.equal([false]);
  });

  it("answers a JSON 404 for paths it does not own when there is no next()", async () => {
    const { app } = createTestApp(undefined);
    const middleware = createNodeMiddleware(() => {}, { app });
    const alone = createServer((request, response) => void middleware(request, response));
    await new Promise<void>((resolve) => alone.listen(0, "127.0.0.1", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(alone.address() as AddressInfo).port}/other`);
      expect(response.status).to.equal(404);
      expect(await response.json()).to.deep.equal({ error: "Not found" });
    } finally {
      await new Promise<void>((resolve) => alone.close(() => resolve()));
    }
  });

  it("logs an app route's request with its x-request-id", async () => {
    const { app, logs } = createTestApp(undefined);
    const middleware = createNodeMiddleware(({ getRouter }) => void getRouter("/r").get("/x", (c) => c.text("x")), {
      app,
    });
    const alone = createServer((request, response) => void middleware(request, response));
    await new Promise<void>((resolve) => alone.listen(0, "127.0.0.1", resolve));
    try {
      await fetch(`http://127.0.0.1:${(alone.address() as AddressInfo).port}/r/x`, {
        headers: { "x-request-id": "req-77" },
      });
      expect(logs.records().at(-1)).to.include({ path: "/r/x", status: 200, id: "req-77" });
    } finally {
      await new Promise<void>((resolve) => alone.close(() => resolve()));
    }
  });

  it("answers 500 on the webhook path and passes other paths on when the app function fails to load", async () => {
    const { app, logs } = createTestApp(undefined);
    const middleware = createNodeMiddleware(
      () => {
        throw new Error("broken app");
      },
      { app },
    );
    const failing = createServer((request, response) => void middleware(request, response));
    await new Promise<void>((resolve) => failing.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/api/github/webhooks`, { method: "POST" })).status).to.equal(500);
      expect((await fetch(`${base}/other`)).status).to.equal(404);
      expect(logs.records().filter((record) => record["level"] === 50)).to.have.length(1);
    } finally {
      await new Promise<void>((resolve) => failing.close(() => resolve()));
    }
  });
});
