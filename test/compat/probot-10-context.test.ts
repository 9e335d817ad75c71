import { expect } from "chai";
import nock from "nock";
import { Context } from "../../src/index.js";
import { API, issuesOpened, probotStyleApp } from "./probot-style.js";
import { nockWhileRunning } from "../helpers/nock-while-running.js";

/** As the extension probot-metadata 2 reads the client: `context.octokit || context.github`. */
async function extensionReadsIssue(context: object): Promise<unknown> {
  const legacy = context as { octokit?: unknown; github?: unknown };
  const client = (legacy.octokit || legacy.github) as { issues: { get(p: object): Promise<{ data: unknown }> } };
  const { data } = await client.issues.get({ owner: "hiimbex", repo: "testing-things", issue_number: 1 });
  return data;
}

// Extensions installed from npm are not migrated: those written for Probot 9 and 10 read the
// client as `context.github`, as reminders' probot-metadata and probot-commands do.
describe("compat: context.github, Probot 9 and 10's name of the client", () => {
  nockWhileRunning();

  it("an unmigrated extension reading context.github gets the event's client, with one DeprecationWarning", async () => {
    const { app } = probotStyleApp();
    const scope = nock(API)
      .post("/app/installations/2/access_tokens")
      .reply(200, { token: "test", expires_at: "2099-01-01T00:00:00Z" })
      .get("/repos/hiimbex/testing-things/issues/1")
      .matchHeader("authorization", "token test")
      .reply(200, { number: 1 });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    let data: unknown;
    let same = false;
    app.on("issues", async (context) => {
      same = (context as unknown as { github: unknown }).github === context.client;
      data = await extensionReadsIssue(context);
    });
    try {
      await app.receive({ id: "1", name: "issues", payload: issuesOpened() } as never);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(data).to.deep.equal({ number: 1 });
    expect(same).to.equal(true);
    expect(scope.isDone()).to.equal(true);
    expect(warnings.filter((w) => w.includes("context.github"))).to.have.length(1);
  });

  it("a context built as Probot's unit tests do answers github with its client", () => {
    const client = { issues: {} };
    const context = new Context({ id: "1", name: "issues", payload: issuesOpened() }, client as never, {} as never);
    expect((context as unknown as { github: unknown }).github).to.equal(client);
    expect(Object.keys(context)).to.not.include("github");
  });
});
