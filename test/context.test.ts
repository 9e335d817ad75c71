import { expect } from "chai";
import { Context } from "../src/context.js";
import { isAppError } from "../src/errors.js";
import { startFakePlatform, type FakePlatform } from "./helpers/fake-platform.js";
import { getTestKeys } from "./helpers/keys.js";
import { createTestApp, issuesOpenedPayload } from "./helpers/test-app.js";

describe("Context", () => {
  const { app, logs } = createTestApp(undefined);
  const context = (name: string, payload: Record<string, unknown>) => new Context({ id: "d-1", name, payload }, app);

  it("carries the name, the delivery id and the payload", () => {
    const payload = issuesOpenedPayload();
    const ctx = context("issues", payload);
    expect(ctx.name).to.equal("issues");
    expect(ctx.id).to.equal("d-1");
    expect(ctx.payload).to.equal(payload);
  });

  it("builds parameters for the repository, the issue and the pull request", () => {
    const ctx = context("issues", issuesOpenedPayload());
    expect(ctx.repo()).to.deep.equal({ owner: "octo", repo: "hello" });
    expect(ctx.issue({ body: "hi" })).to.deep.equal({ owner: "octo", repo: "hello", issue_number: 7, body: "hi" });
    const pr = context("pull_request", {
      number: 3,
      pull_request: { number: 3 },
      repository: { name: "r", owner: { login: "o" } },
    });
    expect(pr.pullRequest()).to.deep.equal({ owner: "o", repo: "r", pull_number: 3 });
    expect(ctx.repo({ repo: "other" })).to.deep.equal({ owner: "octo", repo: "other" });
  });

  it("explains that an event without a repository has no repo()", () => {
    const ctx = context("installation", { action: "created", installation: { id: 1 } });
    expect(() => ctx.issue())
      .to.throw(/"installation" event's payload has none/)
      .that.satisfies(isAppError);
  });

  it("tells bots from users", () => {
    expect(context("issues", { sender: { type: "Bot" } }).isBot).to.equal(true);
    expect(context("issues", { sender: { type: "User" } }).isBot).to.equal(false);
  });

  it('logs with Probot\'s bindings: the delivery id and name "event"', () => {
    logs.clear();
    context("issues", issuesOpenedPayload(5)).log.info("handled");
    expect(logs.records()[0]).to.include({ id: "d-1", name: "event", msg: "handled" });
    expect(logs.records()[0]).not.to.have.any.keys("event", "installation");
  });

  describe("client", () => {
    let platform: FakePlatform;
    beforeEach(async () => {
      platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    });
    afterEach(() => platform.close());

    it("is unauthenticated for an event without an installation, and a request says why", async () => {
      const { app: platformApp } = createTestApp(platform);
      const ctx = new Context({ id: "d-2", name: "issues", payload: issuesOpenedPayload(null) }, platformApp);
      const error = await ctx.client.issues.createComment(ctx.issue({ body: "hi" })).then(
        () => expect.fail("expected a rejection"),
        (failure: Error) => failure,
      );
      expect(error.message).to.match(/"issues" event has no installation/);
      expect(platform.tokenExchanges()).to.have.length(0);
    });

    for (const action of ["deleted", "suspend"]) {
      it(`is unauthenticated for installation.${action}`, async () => {
        const { app: platformApp } = createTestApp(platform);
        const ctx = new Context(
          { id: "d-3", name: "installation", payload: { action, installation: { id: 1 } } },
          platformApp,
        );
        const error = await ctx.client.apps.listReposAccessibleToInstallation().then(
          () => expect.fail("expected a rejection"),
          (failure: Error) => failure,
        );
        expect(error.message).to.match(/installation was (deleted|suspended)/);
        expect(platform.tokenExchanges()).to.have.length(0);
      });
    }
  });
});
