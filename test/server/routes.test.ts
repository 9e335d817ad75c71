import { expect } from "chai";
import { createServer } from "../../src/server/create-server.js";
import { sign } from "../helpers/sign.js";
import { createTestApp, issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { startTestServer, type TestServer } from "./start-test-server.js";

describe("createServer: routes", () => {
  let test: TestServer;
  before(async () => {
    test = await startTestServer(({ getRouter }) => {
      const router = getRouter("/my-app");
      router.get("/hello", (c) => c.json({ hello: "world" }));
      router.get("/boom", () => {
        throw new Error("database unavailable");
      });
    });
  });
  after(() => test.close());
  beforeEach(() => test.logs.clear());

  it("answers GET /ping with 200 PONG", async () => {
    const response = await fetch(`${test.url}/ping`);
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal("PONG");
  });

  it("redirects GET / to /app with a 302", async () => {
    const response = await fetch(`${test.url}/`, { redirect: "manual" });
    expect(response.status).to.equal(302);
    expect(response.headers.get("location")).to.equal("/app");
  });

  // Probot's welcome page was at /probot: a bookmark or a deployment's health check that reads it still succeeds.
  for (const path of ["/probot", "/probot/"]) {
    it(`redirects GET ${path}, Probot's welcome page, to /app with a 302`, async () => {
      const response = await fetch(`${test.url}${path}`, { redirect: "manual" });
      expect(response.status).to.equal(302);
      expect(response.headers.get("location")).to.equal("/app");
    });
  }

  it("serves a route an app function mounted with getRouter(path)", async () => {
    const response = await fetch(`${test.url}/my-app/hello`);
    expect(response.status).to.equal(200);
    expect(await response.json()).to.deep.equal({ hello: "world" });
  });

  it("answers 500 JSON without a stack when a route throws, and logs the error", async () => {
    const response = await fetch(`${test.url}/my-app/boom`);
    expect(response.status).to.equal(500);
    expect(await response.json()).to.deep.equal({ error: "Internal server error" });
    const errors = test.logs.records().filter((record) => record["level"] === 50);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ method: "GET", path: "/my-app/boom" });
  });

  const notFound: ReadonlyArray<[method: string, path: string]> = [
    ["GET", "/nowhere"],
    ["POST", "/my-app/hello"],
    ["GET", "/api/github/webhooks"],
    ["PUT", "/api/github/webhooks"],
  ];
  for (const [method, path] of notFound) {
    it(`answers ${method} ${path} with a JSON 404`, async () => {
      const response = await fetch(test.url + path, { method });
      expect(response.status).to.equal(404);
      expect(response.headers.get("content-type")).to.match(/^application\/json/);
      expect(await response.json())
        .to.have.property("error")
        .that.is.a("string");
    });
  }

  it("logs one line per request with method, path, status, ms and request id, never the query", async () => {
    await fetch(`${test.url}/my-app/hello?token=hush`, { headers: { "x-request-id": "req-42" } });
    const lines = test.logs.records().filter((record) => record["path"] === "/my-app/hello");
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ level: 30, method: "GET", path: "/my-app/hello", status: 200, id: "req-42" });
    expect(lines[0]!["ms"]).to.be.a("number");
    expect(test.logs.text()).not.to.include("hush");
  });

  it("logs a webhook delivery under its delivery id", async () => {
    await test.deliver("push", {}, { id: "d-logged" });
    const lines = test.logs.records().filter((record) => record["path"] === "/api/github/webhooks");
    expect(lines).to.have.length(1);
    expect(lines[0]).to.include({ method: "POST", status: 200, id: "d-logged" });
  });
});

describe("createServer: an app route at /", () => {
  it("wins over the redirect to /app", async () => {
    const test = await startTestServer(({ getRouter }) => {
      getRouter().get("/", (c) => c.text("home"));
    });
    try {
      const response = await fetch(`${test.url}/`, { redirect: "manual" });
      expect(response.status).to.equal(200);
      expect(await response.text()).to.equal("home");
    } finally {
      await test.close();
    }
  });
});

describe("createServer: fetch", () => {
  it("serves a signed delivery through server.fetch, with no socket", async () => {
    const { app } = createTestApp(undefined);
    const server = createServer({ app });
    const seen: string[] = [];
    await server.load(({ app }) => {
      app.on("issues.opened", (context) => void seen.push(context.id));
    });
    const body = JSON.stringify(issuesOpenedPayload());
    const response = await server.fetch(
      new Request("http://localhost/api/github/webhooks", {
        method: "POST",
        headers: {
          "x-github-event": "issues",
          "x-github-delivery": "fetch-1",
          "x-hub-signature-256": sign(TEST_SECRET, body),
        },
        body,
      }),
    );
    expect(response.status).to.equal(200);
    expect(seen).to.deep.equal(["fetch-1"]);
    expect(await (await server.fetch(new Request("http://localhost/ping"))).text()).to.equal("PONG");
  });
});
