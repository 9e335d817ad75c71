import { expect } from "chai";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { startFakePlatform } from "gh-app-kit/testing";
import { createHandler, handler } from "../handler.js";

const body = readFileSync(new URL("./fixtures/issues.opened.json", import.meta.url), "utf8");
const SECRET = "test-secret";

/** A delivery as API Gateway's HTTP API hands it to the function (payload format 2.0), signed with `secret`. */
function delivery(secret) {
  return {
    version: "2.0",
    routeKey: "POST /api/github/webhooks",
    rawPath: "/api/github/webhooks",
    rawQueryString: "",
    headers: {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": "11111111-2222-3333-4444-555555555555",
      "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
    },
    requestContext: {
      http: { method: "POST", path: "/api/github/webhooks", protocol: "HTTP/1.1", sourceIp: "127.0.0.1" },
      domainName: "example.execute-api.us-east-1.amazonaws.com",
      stage: "$default",
    },
    body: Buffer.from(body).toString("base64"),
    isBase64Encoded: true,
  };
}

// The function's code, called as Lambda calls it: no AWS account, no SAM CLI and no network needed.
describe("{{name}} on AWS Lambda", () => {
  /** @type {import("gh-app-kit/testing").FakePlatform} */
  let platform;

  beforeEach(async () => {
    // A stand-in for the GitHub API on 127.0.0.1.
    platform = await startFakePlatform();
    // What template.yaml gives the function's environment.
    Object.assign(process.env, {
      APP_ID: String(platform.appId),
      PRIVATE_KEY: platform.privateKey,
      WEBHOOK_SECRET: SECRET,
      LOG_LEVEL: "error",
    });
  });

  afterEach(() => platform.close());

  it("comments on a new issue for a signed delivery", async () => {
    const webhooks = createHandler({ baseUrl: platform.url });
    const result = await webhooks(delivery(SECRET), {});
    expect(result.statusCode, result.body).to.equal(200);

    const comments = platform.requests.filter((request) => request.method === "POST" && request.path.endsWith("/comments"));
    expect(comments).to.have.length(1);
    expect(comments[0].path).to.equal("/repos/octo-org/hello-world/issues/1/comments");
    expect(comments[0].body).to.deep.equal({ body: "Thanks for opening this issue!" });
  });

  it("answers 400 to a delivery with a wrong signature, and runs no handler", async () => {
    const result = await handler(delivery("not-the-secret"), {});
    expect(result.statusCode).to.equal(400);
    expect(platform.requests).to.have.length(0);
  });
});
