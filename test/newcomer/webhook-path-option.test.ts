import { expect } from "chai";
import { spawnSync } from "node:child_process";
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

describe("Probot's webhooksPath, the option's name in Probot's createNodeMiddleware (docs/deploy.md copied it) (GW)", function () {
  this.timeout(20_000);
  it("is taken as webhookPath, with one DeprecationWarning, instead of being left unread", async () => {
    const { app } = createTestApp(undefined);
    const seen: string[] = [];
    const appFn: root.ApplicationFunction = ({ app }) => void app.on("issues.opened", (c) => void seen.push(c.id));
    const middleware = root.createNodeMiddleware(appFn, { app, webhooksPath: "/custom" } as AnyOptions);
    const server = createServer((request, response) => void middleware(request, response));
    const url = await listen(server);
    try {
      expect((await deliver(`${url}/custom`)).status).to.equal(200);
      expect(seen).to.deep.equal(["docs-1"]);
      expect((await deliver(`${url}/api/github/webhooks`)).status).to.equal(404);
    } finally {
      server.close();
    }
    const web = root.createWebHandler(appFn, { app, webhooksPath: "/custom" } as AnyOptions);
    expect((await web(new Request("http://127.0.0.1/custom", { method: "GET" }))).status).to.equal(404);
    const ping = await web(new Request("http://127.0.0.1/custom", { method: "POST" }));
    expect(ping.status, "the webhook path answers, refusing an unsigned delivery").to.equal(400);
  });

  it("is refused beside a different webhookPath, naming both", () => {
    const { app } = createTestApp(undefined);
    const options = { app, webhookPath: "/a", webhooksPath: "/b" } as AnyOptions;
    for (const make of [root.createNodeMiddleware, root.createWebHandler, root.createLambdaHandler] as const) {
      expect(() => (make as typeof root.createNodeMiddleware)(() => {}, options))
        .to.throw(root.AppError, 'both "webhookPath" ("/a") and Probot\'s "webhooksPath" ("/b")')
        .with.property("code", "OPTION_INVALID");
    }
  });

  it("warns once per process", () => {
    const source = new URL("../../src/index.ts", import.meta.url).href;
    const script = `import { App, createWebHandler } from ${JSON.stringify(source)};
      const app = new App({ secret: "s", logLevel: "fatal" });
      createWebHandler(() => {}, { app, webhooksPath: "/x" });
      createWebHandler(() => {}, { app, webhooksPath: "/y" });`;
    const child = spawnSync(
      process.execPath,
      ["--import", "tsx", "--conditions=gh-app-kit-source", "--input-type=module", "-e", script],
      { encoding: "utf8" },
    );
    expect(child.status, child.stderr).to.equal(0);
    const warnings = child.stderr.split("\n").filter((line) => line.includes("DeprecationWarning"));
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include('"webhooksPath" option of createWebHandler');
  });
});
