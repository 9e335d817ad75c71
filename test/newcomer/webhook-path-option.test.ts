import { expect } from "chai";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as root from "../../src/index.js";
import { sign } from "../helpers/sign.js";
import { createTestApp, issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";

type AnyOptions = Parameters<typeof root.createNodeMiddleware>[1];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

async function deliver(url: string): Promise<Response> {
  const body = JSON.stringify(issuesOpenedPayload());
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": "docs-1",
      "x-hub-signature-256": sign(TEST_SECRET, body),
    },
    body,
  });
}

describe("Probot's webhooksPath, the option's name in Probot's createNodeMiddleware (docs/deploy.md copied it)", function () {
  this.timeout(20_000);
  it("is refused, naming webhookPath, instead of being left unread", async () => {
    const { app } = createTestApp(undefined);
    const seen: string[] = [];
    const appFn: root.ApplicationFunction = ({ app }) => void app.on("issues.opened", (c) => void seen.push(c.id));
    const options = { app, webhooksPath: "/custom" } as AnyOptions;
    for (const make of [root.createNodeMiddleware, root.createWebHandler, root.createLambdaHandler] as const) {
      expect(() => (make as typeof root.createNodeMiddleware)(appFn, options))
        .to.throw(root.AppError, 'not Probot\'s "webhooksPath"')
        .that.satisfies(
          (error: root.AppError) => error.code === "OPTION_INVALID" && /webhookPath: "\/custom"/.test(error.hint ?? ""),
        );
    }
    // As the hint says, webhookPath takes deliveries there, in a real server.
    const middleware = root.createNodeMiddleware(appFn, { app, webhookPath: "/custom" });
    const server = createServer((request, response) => void middleware(request, response));
    const url = await listen(server);
    try {
      expect((await deliver(`${url}/custom`)).status).to.equal(200);
      expect(seen).to.deep.equal(["docs-1"]);
    } finally {
      server.close();
    }
  });
});
