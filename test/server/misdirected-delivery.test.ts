import { expect } from "chai";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createNodeMiddleware } from "../../src/server/create-node-middleware.js";
import { createWebHandler } from "../../src/server/create-web-handler.js";
import { createTestApp, issuesOpenedPayload } from "../helpers/test-app.js";
import { deliver } from "./start-test-server.js";

// A deployment whose URL is not the webhook path (a Vercel file at api/webhook.js, an Azure function named
// ProbotFunction, a proxy that strips a prefix): the platform lists each failed delivery with its answer.
describe("a delivery at another path than the webhook path", () => {
  const expectHint = async (response: Response, path: string) => {
    expect(response.status).to.equal(404);
    const { error } = (await response.json()) as { error: string };
    expect(error).to.include(`No webhook at ${path}`);
    expect(error).to.include("POST /api/github/webhooks");
    expect(error).to.include("WEBHOOK_PATH");
  };

  it("createWebHandler says where deliveries go, warns once per path, and answers other requests as before", async () => {
    const { app, logs } = createTestApp(undefined);
    const handler = createWebHandler(() => {}, { app });
    const at = (path: string, headers: Record<string, string> = { "x-github-event": "issues" }) =>
      handler(new Request(`http://127.0.0.1${path}`, { method: "POST", headers, body: "{}" }));
    await expectHint(await at("/api/webhook"), "/api/webhook");
    await expectHint(await at("/api/webhook"), "/api/webhook");
    const warnings = logs.records().filter((record) => String(record.msg).startsWith("No webhook at"));
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include({ path: "/api/webhook", webhookPath: "/api/github/webhooks" });
    const other = await at("/api/other", { "content-type": "application/json" });
    expect(other.status).to.equal(404);
    expect(await other.json()).to.deep.equal({ error: "Not found" });
  });

  it("createNodeMiddleware with nothing after it says so too; with next() it passes the request on", async () => {
    const { app } = createTestApp(undefined);
    const middleware = createNodeMiddleware(() => {}, { app });
    const servers: Server[] = [
      createServer((request, response) => void middleware(request, response)),
      createServer((request, response) => void middleware(request, response, () => response.writeHead(418).end())),
    ];
    try {
      const [alone, chained] = await Promise.all(
        servers.map(async (server) => {
          await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
          return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        }),
      );
      await expectHint(
        await deliver(alone!, "issues", issuesOpenedPayload(), { path: "/api/webhook" }),
        "/api/webhook",
      );
      const passed = await deliver(chained!, "issues", issuesOpenedPayload(), { path: "/api/webhook" });
      expect(passed.status).to.equal(418);
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
