import { expect } from "chai";
import { isAppError } from "../../src/errors.js";
import { startFakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createTestApp } from "../helpers/test-app.js";

/**
 * A token exchange that got no answer at all (the host unknown, the connection refused) failed
 * with @octokit/request's RequestError of status 500, and the log said `Token exchange for
 * installation 1 failed (status 500)` and `Could not create a token for installation 1 (status
 * 500).`, as if the platform had answered 500: an app built with `new Probot({ appId, privateKey })`
 * on a host that could not resolve api.github.com read that (auto-me-bot's Cloud Functions handler).
 * The line says the platform did not answer, and why (IN).
 */
describe("a token exchange that gets no answer (IN)", () => {
  it("says the platform could not be reached, not status 500", async () => {
    const platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    await platform.close(); // its port now refuses connections
    const { app, logs } = createTestApp(platform);
    try {
      const error = await (async () => (await app.auth(1)).repos.get({ owner: "octo", repo: "hello" }))().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(isAppError(error), String(error)).to.equal(true);
      expect(error).to.include({ code: "TOKEN_EXCHANGE_FAILED" });
      const message = (error as Error).message;
      expect(message).to.match(
        /^Could not create a token for installation 1 \(no answer from the platform: .*ECONNREFUSED/,
      );
      expect(message).not.to.include("status 500");
      expect((error as { hint?: string }).hint).to.include("GHE_HOST");
      const lines = logs.records().map((record) => String(record["msg"]));
      const retries = lines.filter((line) => line.startsWith("Token exchange for installation 1 failed"));
      expect(retries, lines.join("\n")).to.have.length.greaterThan(0);
      for (const line of retries) expect(line).to.match(/failed \(no answer from the platform: .*ECONNREFUSED/);
    } finally {
      await app.close();
    }
  });
});
