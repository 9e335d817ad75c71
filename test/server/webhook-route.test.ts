import { expect } from "chai";
import { createRequire } from "node:module";
import type { WebhookDefinition } from "@octokit/webhooks-examples";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { issuesOpenedPayload } from "../helpers/test-app.js";
import { startTestServer, type TestServer } from "./start-test-server.js";

describe("createServer: the webhook route", () => {
  let test: TestServer;
  const seen: string[] = [];

  before(async () => {
    test = await startTestServer(({ app }) => {
      app.on("issues.opened", (context) => {
        seen.push(context.id);
      });
      app.on("issues.closed", () => {
        throw new Error(`Bad credentials for ghs_${"a".repeat(36)}`);
      });
    });
  });
  after(() => test.close());
  beforeEach(() => {
    seen.length = 0;
    test.logs.clear();
  });

  it("answers 200 ok and runs the handler once for a signed delivery", async () => {
    const response = await test.deliver("issues", issuesOpenedPayload(), { id: "d-ok" });
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal("ok");
    expect(seen).to.deep.equal(["d-ok"]);
  });

  it("answers 400 naming WEBHOOK_SECRET and runs nothing when the signature is wrong", async () => {
    const response = await test.deliver("issues", issuesOpenedPayload(), { id: "d-bad", secret: "wrong-secret" });
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { error: string }).error).to.include("WEBHOOK_SECRET");
    expect(seen).to.deep.equal([]);
    const warnings = test.logs.records().filter((record) => record["level"] === 40);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include({ id: "d-bad", event: "issues" });
    expect(test.logs.text()).not.to.include("test-webhook-secret-1234");
  });

  const missing: ReadonlyArray<[header: string]> = [["x-github-event"], ["x-github-delivery"], ["x-hub-signature-256"]];
  for (const [header] of missing) {
    it(`answers 400 naming ${header} when it is missing`, async () => {
      const response = await test.deliver("issues", issuesOpenedPayload(), { headers: { [header]: undefined } });
      expect(response.status).to.equal(400);
      const { error } = (await response.json()) as { error: string };
      expect(error.toLowerCase()).to.include(header);
      expect(seen).to.deep.equal([]);
    });
  }

  const invalid: ReadonlyArray<[label: string, body: string, message: RegExp]> = [
    ["a body that is not JSON", "{not json", /not valid JSON/],
    ["a JSON array", "[1,2]", /must be a JSON object/],
    ["a JSON string", '"text"', /must be a JSON object/],
    ["a form-encoded body", "payload=%7B%7D", /content type to application\/json/],
  ];
  for (const [label, body, message] of invalid) {
    it(`answers 400 to ${label} with a valid signature`, async () => {
      const response = await test.deliver("issues", body);
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { error: string }).error).to.match(message);
      expect(seen).to.deep.equal([]);
    });
  }

  it("answers 500 with the handler's message, scrubbed of tokens, and logs it once with the delivery id", async () => {
    const response = await test.deliver("issues", { ...issuesOpenedPayload(), action: "closed" }, { id: "d-fail" });
    expect(response.status).to.equal(500);
    const text = await response.text();
    expect(JSON.parse(text)).to.deep.equal({ error: "Bad credentials for [REDACTED]" });
    expect(text).not.to.match(/ghs_|\n\s+at /);
    const errors = test.logs.records().filter((record) => record["level"] === 50);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ id: "d-fail", event: "issues.closed" });
    expect(test.logs.text()).not.to.include(`ghs_${"a".repeat(36)}`);
  });

  it("answers 200 and runs nothing for an event no handler wants", async () => {
    const response = await test.deliver("push", { ref: "refs/heads/main" });
    expect(response.status).to.equal(200);
    expect(seen).to.deep.equal([]);
  });

  it("serves the webhook path with a query string, which it never logs", async () => {
    const response = await test.deliver("issues", issuesOpenedPayload(), { path: "/api/github/webhooks?token=hush" });
    expect(response.status).to.equal(200);
    expect(seen).to.have.length(1);
    expect(test.logs.text()).not.to.include("hush");
  });
});

// The package's main is a JSON file, which `require` loads without import attributes.
const examples = createRequire(import.meta.url)("@octokit/webhooks-examples") as WebhookDefinition[];

describe("createServer: a real issues.opened delivery", () => {
  let platform: FakePlatform;
  let test: TestServer;
  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    test = await startTestServer(
      ({ app }) => {
        app.on("issues.opened", async (context) => {
          await context.client.issues.createComment(
            context.issue({ body: `Thanks, ${context.payload.sender.login}!` }),
          );
        });
      },
      { platform },
    );
  });
  after(async () => {
    await test.close();
    await platform.close();
  });

  it("verifies, routes and comments through the platform end to end", async () => {
    const opened = examples
      .find((definition) => definition.name === "issues")!
      .examples.find((example) => (example as { action: string }).action === "opened") as Record<string, unknown>;
    const response = await test.deliver("issues", { ...opened, installation: { id: 1 } }, { id: "real-1" });
    expect(response.status).to.equal(200);
    expect(platform.comments()).to.have.length(1);
    expect(platform.comments()[0]).to.include({
      owner: "Codertocat",
      repo: "Hello-World",
      issue_number: 1,
      body: "Thanks, Codertocat!",
    });
  });
});
