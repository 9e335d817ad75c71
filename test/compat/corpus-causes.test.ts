import { expect } from "chai";
import nock from "nock";
import { App, Context, isAppError } from "../../src/index.js";
import { API, issuesOpened, probotStyleApp } from "./probot-style.js";
import { nockWhileRunning } from "../helpers/nock-while-running.js";

// Behaviours that public Probot apps' suites observe, found by running them after `app migrate`
// (scripts/corpus). Each case is written the way those suites are.
describe("compat: what the corpus of public Probot apps relies on", () => {
  nockWhileRunning();

  it("a Client class that is a bare test double (no hook) still gives handlers their context's client", async () => {
    // As probot/settings' unit tests: `new Probot({ secret, Octokit: FakeOctokit })`, where the
    // fake has `defaults()` and `auth()` and nothing of Octokit's.
    class FakeClient {
      static defaults() {
        return FakeClient;
      }
      auth() {
        return this;
      }
    }
    const app = new App({ secret: "corpus-test-webhook-secret", Client: FakeClient as never });
    let seen: unknown;
    app.on("issues", (context) => {
      seen = context.client;
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() } as never);
    expect(seen).to.be.instanceOf(FakeClient);
  });

  it("mediaType.previews on a REST request sends the preview Accept header, as Probot 10-12 did", async () => {
    // As probot/settings: `repos.update({ ..., mediaType: { previews: ['baptiste'] } })`, mocked with
    // `.matchHeader('accept', ['application/vnd.github.baptiste-preview+json'])`.
    const { app } = probotStyleApp();
    const scope = nock(API)
      .post("/app/installations/2/access_tokens")
      .reply(200, { token: "test", expires_at: "2099-01-01T00:00:00Z" })
      .patch("/repos/hiimbex/testing-things")
      .matchHeader("accept", "application/vnd.github.baptiste-preview+json")
      .reply(200, {})
      .put("/repos/hiimbex/testing-things/topics")
      .matchHeader("accept", "application/vnd.github.mercy-preview.raw,application/vnd.github.luke-preview.raw")
      .reply(200, {});
    app.on("issues", async (context) => {
      await context.client.repos.update(context.repo({ name: "x", mediaType: { previews: ["baptiste"] } }));
      await context.client.request("PUT /repos/{owner}/{repo}/topics", {
        ...context.repo(),
        names: ["a"],
        mediaType: { previews: ["mercy-preview", "luke"], format: "raw" },
      });
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() } as never);
    expect(scope.pendingMocks()).to.deep.equal([]);
  });

  it("new Context(event) with no client and no logger gives the payload and its helpers", () => {
    // As trolit/Patchron's rule tests: `new Context({ id, name: "push", ...event })`.
    // Plain JavaScript there: TypeScript, as with Probot, asks for the client and logger too.
    const JsContext = Context as unknown as new (event: unknown) => Context;
    const context = new JsContext({
      id: "123",
      name: "pull_request",
      payload: { pull_request: { number: 7 }, repository: { name: "r", owner: { login: "o" } } },
    } as never);
    expect(context.pullRequest()).to.deep.equal({ owner: "o", repo: "r", pull_number: 7 });
    expect(context.client).to.equal(undefined);
  });

  it("a spy assigned to app.log.info is what app.log.info reads back", () => {
    // As robvanderleek/create-issue-branch: `probot.log.info = vi.fn()`, then
    // `expect(probot.log.info).toHaveBeenCalled()`, which needs the spy itself.
    const app = new App({ appId: 1, privateKey: "test" });
    const calls: unknown[] = [];
    const spy = (...args: unknown[]) => void calls.push(args);
    (app.log as unknown as { info: unknown }).info = spy;
    expect(app.log.info).to.equal(spy);
    app.log.info("created");
    expect(calls).to.deep.equal([["created"]]);
  });

  it("a failed receive() rejects with each handler error's stack in the message, as Probot 10 to 13 did", async () => {
    // As probot/reminders: `expect(err.message.trim()).toContain('Error: Unable to parse reminder: remind nope')`.
    const app = new App({ secret: "corpus-test-webhook-secret" });
    app.on("issue_comment", async () => {
      throw new Error("Unable to parse reminder: remind nope");
    });
    app.on("issue_comment.created", async () => {
      throw new TypeError("second");
    });
    const payload = { ...issuesOpened(), action: "created" };
    const error = await app.receive({ id: "1", name: "issue_comment", payload } as never).then(
      () => expect.fail("expected a rejection"),
      (failure: AggregateError) => failure,
    );
    expect(error.message.trim()).to.contain("Error: Unable to parse reminder: remind nope");
    const lines = error.message.split("\n");
    expect(lines[0]).to.equal("");
    expect(lines[1]).to.equal("    TypeError: second");
    expect(lines[2]).to.match(/^ {8}at /);
    expect(lines).to.include("    Error: Unable to parse reminder: remind nope");
    expect(lines.filter((line) => /node:internal/.test(line))).to.deep.equal([]);
    expect(error.errors.map((each: Error) => each.message)).to.deep.equal([
      "second",
      "Unable to parse reminder: remind nope",
    ]);
  });
  it("a copy of the context keeps its client and logger, and both can be replaced, as Probot's own properties", async () => {
    // As github/safe-settings' org-level ruleset handler: `Object.assign({}, context, { repo: () => ... })`,
    // then `copy.client.repos.getContent(...)` and `copy.log`; Probot's `octokit` and `log` are
    // plain properties of the context, so copies (`{ ...context }` too) have them and apps replace them.
    const { app } = probotStyleApp();
    const scope = nock(API)
      .post("/app/installations/2/access_tokens")
      .reply(200, { token: "test", expires_at: "2099-01-01T00:00:00Z" })
      .get("/repos/the-org/admin/contents/settings.yml")
      .reply(200, { content: "" });
    const seen: Record<string, unknown> = {};
    app.on("issues", async (context) => {
      const copy = Object.assign({}, context, { repo: () => ({ owner: "the-org", repo: "admin" }) });
      await copy.client.repos.getContent({ ...copy.repo(), path: "settings.yml" });
      seen.copyLog = typeof copy.log?.info;
      const spread = { ...context } as unknown as typeof context;
      seen.spread = [spread.client === context.client, spread.log === context.log, spread.payload === context.payload];
      const child = context.log.child({ name: "sync" });
      (context as { log: unknown }).log = child;
      seen.log = context.log === child;
      const double = { repos: {} };
      (context as { client: unknown }).client = double;
      seen.client = context.client === double;
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() } as never);
    expect(scope.pendingMocks()).to.deep.equal([]);
    expect(seen).to.deep.equal({ copyLog: "function", spread: [true, true, true], log: true, client: true });
  });
  it("an app id that is no number does not stop new App() when the test gives its own client", async () => {
    // As repository-settings/app: `new Probot({ secret, Octokit, appId: any.string(), privateKey: any.string() })`
    // with a client double; Probot takes `Number(appId)` and never signs a JWT in those tests.
    class FakeClient {
      static defaults() {
        return FakeClient;
      }
      auth() {
        return this;
      }
    }
    const app = new App({ secret: "s", Client: FakeClient as never, appId: "ydDI4CML", privateKey: "not-a-key" });
    let seen: unknown;
    app.on("issues", (context) => {
      seen = context.client;
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() } as never);
    expect(seen).to.be.instanceOf(FakeClient);
  });

  it("an app id that is no number fails with APP_ID_INVALID, naming it, when the app's JWT is needed", async () => {
    const { app } = probotStyleApp({ appId: "12abc" });
    const client = await app.auth(2);
    const error = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).then(
      () => expect.fail("expected a rejection"),
      (failure: unknown) => failure,
    );
    expect(isAppError(error) && error.code).to.equal("APP_ID_INVALID");
    expect((error as Error).message).to.contain('"12abc"');
  });
});
