import { expect } from "chai";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware, createWebHandler, type ApplicationFunction } from "../../src/index.js";
import { sign } from "../helpers/sign.js";
import { createTestApp, issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { deliver, startTestServer } from "../server/start-test-server.js";

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

const body = JSON.stringify(issuesOpenedPayload());
const signedRequest = (url: string) =>
  new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": "d-web",
      "x-hub-signature-256": sign(TEST_SECRET, body),
    },
    body,
  });

/**
 * Probot 14 (@octokit/webhooks 14) takes a delivery at the webhook path with trailing slashes
 * (`/api/github/webhooks/`, as an app's webhook URL is often pasted) and a `webhookPath` given with
 * one. Here they got 404 and the delivery was lost.
 */
describe("The webhook path with a trailing slash, as Probot 14 takes it", function () {
  this.timeout(20_000);
  const seen: string[] = [];
  const appFn: ApplicationFunction = ({ app }) => void app.on("issues.opened", (context) => void seen.push(context.id));
  beforeEach(() => seen.splice(0));

  it("createServer takes a delivery at /api/github/webhooks/ and /?x=1", async () => {
    const server = await startTestServer(appFn);
    try {
      expect((await deliver(server.url, "issues", body, { id: "a", path: "/api/github/webhooks/" })).status).to.equal(
        200,
      );
      expect(
        (await deliver(server.url, "issues", body, { id: "b", path: "/api/github/webhooks/?x=1" })).status,
      ).to.equal(200);
      expect(seen).to.deep.equal(["a", "b"]);
      expect((await deliver(server.url, "issues", body, { id: "c", path: "/api/github/webhooksx" })).status).to.equal(
        404,
      );
    } finally {
      await server.close();
    }
  });

  it("createNodeMiddleware takes it, and a webhookPath given with a trailing slash matches the path without", async () => {
    for (const [webhookPath, path] of [
      [undefined, "/api/github/webhooks/"],
      ["/hooks/", "/hooks"],
      ["/hooks/", "/hooks/"],
    ] as const) {
      const { app } = createTestApp(undefined);
      const middleware = createNodeMiddleware(appFn, { app, ...(webhookPath ? { webhookPath } : {}) });
      const server = createHttpServer((request, response) => void middleware(request, response));
      const url = await listen(server);
      try {
        const answer = await deliver(url, "issues", body, { id: `${webhookPath}:${path}`, path });
        expect(answer.status, `${webhookPath} ${path}`).to.equal(200);
      } finally {
        server.close();
      }
    }
    expect(seen).to.deep.equal(["undefined:/api/github/webhooks/", "/hooks/:/hooks", "/hooks/:/hooks/"]);
  });

  it("createWebHandler takes it; a GET there is still told the path takes POST deliveries", async () => {
    const { app } = createTestApp(undefined);
    const web = createWebHandler(appFn, { app });
    expect((await web(signedRequest("http://127.0.0.1/api/github/webhooks/"))).status).to.equal(200);
    expect(seen).to.deep.equal(["d-web"]);
    const get = await web(new Request("http://127.0.0.1/api/github/webhooks/"));
    expect([get.status, await get.json()]).to.deep.equal([
      404,
      { error: "The webhook path only accepts POST deliveries." },
    ]);
  });
});
