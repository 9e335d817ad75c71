import { expect } from "chai";
import { createWebHandler } from "../../src/server/create-web-handler.js";
import { sign } from "../helpers/sign.js";
import { createTestApp, issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";

function webhookRequest(body: string, { secret = TEST_SECRET, path = "/api/github/webhooks" } = {}): Request {
  return new Request(`http://app.example${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": "web-1",
      "x-hub-signature-256": sign(secret, body),
    },
    body,
  });
}

describe("createWebHandler", () => {
  const { app, logs } = createTestApp(undefined);
  const seen: string[] = [];
  app.on("issues.opened", (context) => void seen.push(context.id));
  app.on("issues.closed", async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  const handler = createWebHandler(app, { handlerTimeoutMs: 50 });
  beforeEach(() => {
    seen.length = 0;
    logs.clear();
  });

  it("runs the handler for a signed Request, with no socket involved", async () => {
    const response = await handler(webhookRequest(JSON.stringify(issuesOpenedPayload())));
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal("ok");
    expect(seen).to.deep.equal(["web-1"]);
  });

  it("answers 400 to a Request signed with another secret", async () => {
    const response = await handler(webhookRequest(JSON.stringify(issuesOpenedPayload()), { secret: "wrong-secret" }));
    expect(response.status).to.equal(400);
    expect(seen).to.deep.equal([]);
  });

  it("answers 202 when handlers outlast the timeout", async () => {
    const response = await handler(webhookRequest(JSON.stringify({ ...issuesOpenedPayload(), action: "closed" })));
    expect(response.status).to.equal(202);
  });

  it("answers 413 to a body over maxBodyBytes", async () => {
    const small = createWebHandler(app, { maxBodyBytes: 10 });
    const response = await small(webhookRequest(JSON.stringify(issuesOpenedPayload())));
    expect(response.status).to.equal(413);
    expect(seen).to.deep.equal([]);
  });

  it("answers a JSON 404 to other paths and logs the request line", async () => {
    const response = await handler(new Request("http://app.example/other?secret=x"));
    expect(response.status).to.equal(404);
    expect(await response.json()).to.deep.equal({ error: "Not found" });
    expect(logs.records().at(-1)).to.include({ method: "GET", path: "/other", status: 404 });
  });
});

describe("createWebHandler with an app function", () => {
  const { app } = createTestApp(undefined);
  const seen: string[] = [];
  const handler = createWebHandler(
    ({ app: loaded, getRouter }) => {
      loaded.on("issues.opened", (context) => void seen.push(context.id));
      getRouter("/my-app").get("/status", (c) => c.text("fine"));
    },
    { app },
  );

  it("serves the webhook route, the app's routes, /ping and the / redirect from one Request handler", async () => {
    expect((await handler(webhookRequest(JSON.stringify(issuesOpenedPayload())))).status).to.equal(200);
    expect(seen).to.deep.equal(["web-1"]);
    expect(await (await handler(new Request("http://app.example/my-app/status"))).text()).to.equal("fine");
    expect(await (await handler(new Request("http://app.example/ping"))).text()).to.equal("PONG");
    const root = await handler(new Request("http://app.example/"));
    expect([root.status, root.headers.get("location")]).to.deep.equal([302, "/app"]);
  });

  it("answers 500 when the app function failed to load", async () => {
    const { app: other } = createTestApp(undefined);
    const broken = createWebHandler(
      () => {
        throw new Error("broken app");
      },
      { app: other },
    );
    const response = await broken(new Request("http://app.example/ping"));
    expect(response.status).to.equal(500);
    expect(await response.json()).to.deep.equal({ error: "The app failed to load; see the server's log." });
  });
});
