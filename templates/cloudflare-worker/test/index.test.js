import { expect } from "chai";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { startFakePlatform } from "gh-app-kit/testing";
import worker, { createHandler } from "../src/index.js";

const body = readFileSync(new URL("./fixtures/issues.opened.json", import.meta.url), "utf8");
const SECRET = "test-secret";

/** A delivery as GitHub sends it to the Worker, signed with `secret`. */
function delivery(secret) {
  return new Request("http://localhost/api/github/webhooks", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": "11111111-2222-3333-4444-555555555555",
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    },
    body,
  });
}

// The Worker's code, run by Node's own fetch API: no wrangler and no network needed.
describe("{{name}} on Cloudflare Workers", () => {
  /** @type {import("gh-app-kit/testing").FakePlatform} */
  let platform;
  /** @type {Record<string, string>} */
  let env;
  const waiting = [];
  const ctx = { waitUntil: (promise) => void waiting.push(promise) };

  beforeEach(async () => {
    // A stand-in for the GitHub API on 127.0.0.1.
    platform = await startFakePlatform();
    env = { APP_ID: String(platform.appId), PRIVATE_KEY: platform.privateKey, WEBHOOK_SECRET: SECRET, LOG_LEVEL: "error" };
  });

  afterEach(async () => {
    await Promise.all(waiting);
    await platform.close();
  });

  it("comments on a new issue for a signed delivery", async () => {
    const handler = createHandler(env, { baseUrl: platform.url });
    const response = await handler(delivery(SECRET), env, ctx);
    expect(response.status, await response.text()).to.equal(200);

    const comments = platform.requests.filter((request) => request.method === "POST" && request.path.endsWith("/comments"));
    expect(comments).to.have.length(1);
    expect(comments[0].path).to.equal("/repos/octo-org/hello-world/issues/1/comments");
    expect(comments[0].body).to.deep.equal({ body: "Thanks for opening this issue!" });
  });

  it("answers 400 to a delivery with a wrong signature, and runs no handler", async () => {
    const response = await worker.fetch(delivery("not-the-secret"), env, ctx);
    expect(response.status).to.equal(400);
    expect(platform.requests).to.have.length(0);
  });
});
