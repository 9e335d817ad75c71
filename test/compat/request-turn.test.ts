import { expect } from "chai";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { recordingApp } from "../helpers/recording-app.js";

/** Lets every queued promise callback run, and no timer or I/O callback. */
async function drainMicrotasks(): Promise<void> {
  for (let i = 0; i < 1000; i++) await Promise.resolve();
}

/**
 * Probot 13 and 14 send every request through the throttling queue, on a later turn of the event
 * loop, even when a test turns throttling off through the Octokit option (their defaults replace
 * it). Apps' tests rely on that order: a request the app starts while it loads, in a `beforeEach`,
 * meets the HTTP mocks the test registers right after, in the same turn.
 */
describe("Probot 13 and 14: a request leaves on a later turn of the event loop", () => {
  let platform: FakePlatform;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(() => platform.close());

  const cases: Array<[string, { throttle?: { enabled: false } }]> = [
    ["with throttling turned off, as tests do", { throttle: { enabled: false } }],
    ["with throttling on", {}],
  ];
  for (const [title, throttle] of cases) {
    it(title, async () => {
      const { app, fetched } = recordingApp(platform, throttle);
      const sent = app
        .auth()
        .then((client) => client.repos.get({ owner: "octo", repo: "hello" }).catch(() => undefined));
      await drainMicrotasks();
      expect(fetched).to.deep.equal([]);
      await sent;
      expect(fetched).to.deep.equal(["GET /repos/octo/hello"]);
    });
  }
});
