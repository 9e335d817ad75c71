import { expect } from "chai";
import { createWebHandler } from "../../src/server/create-web-handler.js";
import { sign } from "../helpers/sign.js";
import { createTestApp, issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";

// Cloudflare Workers call fetch(request, env, ctx) and end a request's work once it is answered,
// unless ctx.waitUntil() was given a promise: a handler answered 202 must be kept alive that way.
describe("createWebHandler with Workers' execution context", () => {
  it("hands waitUntil() the handlers still running after a 202, which settles once they finish", async () => {
    const { app } = createTestApp(undefined);
    let finished = false;
    app.on("issues.closed", async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      finished = true;
    });
    const handler = createWebHandler(app, { handlerTimeoutMs: 30 });
    const body = JSON.stringify({ ...issuesOpenedPayload(), action: "closed" });
    const request = new Request("http://app.example/api/github/webhooks", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-github-event": "issues",
        "x-github-delivery": "wait-1",
        "x-hub-signature-256": sign(TEST_SECRET, body),
      },
      body,
    });
    const kept: Array<Promise<unknown>> = [];
    const response = await handler(request, {}, { waitUntil: (promise) => void kept.push(promise) });
    expect(response.status).to.equal(202);
    expect(kept).to.have.length(1);
    expect(finished).to.equal(false);
    await kept[0];
    expect(finished).to.equal(true);
  });

  it("asks nothing of waitUntil() when the handlers finished in time", async () => {
    const { app } = createTestApp(undefined);
    app.on("issues.opened", () => undefined);
    const handler = createWebHandler(app);
    const body = JSON.stringify(issuesOpenedPayload());
    const request = new Request("http://app.example/api/github/webhooks", {
      method: "POST",
      headers: {
        "x-github-event": "issues",
        "x-github-delivery": "wait-2",
        "x-hub-signature-256": sign(TEST_SECRET, body),
      },
      body,
    });
    const kept: Array<Promise<unknown>> = [];
    const response = await handler(request, {}, { waitUntil: (promise) => void kept.push(promise) });
    expect(response.status).to.equal(200);
    expect(kept).to.have.length(0);
  });
});
