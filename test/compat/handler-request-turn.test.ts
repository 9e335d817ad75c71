import { expect } from "chai";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { recordingApp } from "../helpers/recording-app.js";

/**
 * Probot 10 to 12 honour `throttle: { enabled: false }` given through the `Octokit` option: a
 * handler's request leaves at once, without a queue. Apps' handlers start requests they do not
 * await (`approvePullRequest(context)` without `await`), and their tests check the HTTP mocks
 * right after `await probot.receive(...)` and one `process.nextTick`. Requests the app makes
 * outside an event, while it loads, still leave on a later turn (request-turn.test.ts).
 */
describe("Probot 12: a request a handler does not await has left when receive() resolves", () => {
  let platform: FakePlatform;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(() => platform.close());

  it("with throttling turned off, as tests do", async () => {
    const { app, fetched } = recordingApp(platform, { throttle: { enabled: false } });
    const sent: Array<Promise<unknown>> = [];
    app.on("issues.opened", async (context) => {
      // Not awaited: the handler resolves before its request is answered.
      sent.push(context.client.issues.createComment(context.issue({ body: "Thanks" })).catch(() => undefined));
    });
    await app.receive({
      id: "1",
      name: "issues",
      payload: {
        action: "opened",
        issue: { number: 7 },
        repository: { name: "hello", owner: { login: "octo" } },
      },
    } as never);
    await new Promise(process.nextTick);
    expect(fetched).to.deep.equal(["POST /repos/octo/hello/issues/7/comments"]);
    await Promise.all(sent);
  });
});
