import { expect } from "chai";
import { readFile } from "node:fs/promises";
import { createTestApp, startFakePlatform, type FakePlatform } from "../../src/testing/index.js";
import type { ApplicationFunction } from "../../src/types/index.js";
import { getTestKeys } from "../helpers/keys.js";

const payload = JSON.parse(
  await readFile(new URL("../fixtures/payloads/issues.opened.json", import.meta.url), "utf8"),
) as unknown;

const commentOnIssues: ApplicationFunction = ({ app }) => {
  app.on("issues.opened", async (context) => {
    const { data } = await context.client.issues.get(context.issue());
    await context.client.issues.createComment(
      context.issue({ body: `Thanks for "${(data as { title?: string }).title}"` }),
    );
  });
};

describe("gh-app-kit/testing", () => {
  let platform: FakePlatform;
  beforeEach(async () => {
    platform = await startFakePlatform({ appId: 42 });
  });
  afterEach(() => platform.close());

  it("runs the app's handlers against the fake platform with an installation token", async () => {
    platform.reply("GET", "/repos/octo-org/hello-world/issues/7", { title: "Bug" });
    const { receive } = await createTestApp({ appFn: commentOnIssues, platform });
    await receive("issues.opened", payload);
    expect(platform.requests.map((request) => `${request.method} ${request.path} ${request.auth}`)).to.deep.equal([
      "POST /app/installations/1/access_tokens app",
      "GET /repos/octo-org/hello-world/issues/7 installation",
      "POST /repos/octo-org/hello-world/issues/7/comments installation",
    ]);
    expect(platform.requests[2]!.body).to.deep.equal({ body: 'Thanks for "Bug"' });
  });

  it("refuses a JWT signed by another key, and requests without credentials", async () => {
    const { receive } = await createTestApp({
      appFn: commentOnIssues,
      platform: { ...platform, privateKey: getTestKeys().privateKeyPkcs8 },
      logLevel: "fatal",
    });
    const error = await receive("issues", payload).then(
      () => expect.fail("expected a rejection"),
      (rejection: unknown) => rejection,
    );
    expect(String(error)).to.match(/could not be decoded|JWT/);
    const anonymous = await fetch(`${platform.url}/repos/octo-org/hello-world`);
    expect(anonymous.status).to.equal(401);
    expect(platform.requests).to.deep.equal([]);
  });
});
