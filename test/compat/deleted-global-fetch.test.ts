import { expect } from "chai";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createTestApp, issuesOpenedPayload } from "../helpers/test-app.js";

// Apps change globals at load: electron/trop's deletes the global fetch ("builtin fetch doesn't
// support global-agent"), so that its requests go through node-fetch, which Probot 12's client used.
// The client looked the global up per request (to follow nock 14 and msw) and threw there, so every
// request of trop's handlers failed: 36 of its 79 tests.
describe("compat: an app that deletes the global fetch when it loads", () => {
  let platform: FakePlatform;
  const saved = globalThis.fetch;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(async () => {
    globalThis.fetch = saved;
    await platform.close();
  });

  it("sends its handlers' requests with node-fetch, as Probot 12 did", async () => {
    const { app } = createTestApp(platform);
    await app.load(({ app }) => {
      delete (globalThis as { fetch?: unknown }).fetch;
      app.on("issues.opened", async (context) => {
        await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
      });
    });
    expect(globalThis.fetch).to.equal(undefined);
    await app.receive({ id: "d-1", name: "issues", payload: issuesOpenedPayload() });
    const comments = platform.callsTo("POST", "/repos/:owner/:repo/issues/:issue_number/comments");
    expect(comments).to.have.length(1);
    expect(comments[0]!.body).to.deep.equal({ body: "Thanks!" });
    expect(comments[0]!.auth).to.include({ type: "installation" });
  });
});
