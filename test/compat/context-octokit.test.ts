import { expect } from "chai";
import { spawnSync } from "node:child_process";
import nock from "nock";
import { Context } from "../../src/index.js";
import { API, issuesOpened, probotStyleApp } from "./probot-style.js";
import { nockWhileRunning } from "../helpers/nock-while-running.js";

type IssuesClient = { issues: { createComment(p: object): Promise<{ status: number }> } };

/**
 * Code `app migrate` cannot tie to an event context keeps Probot 11 to 14's name of the client:
 * a helper of the app's that takes the context under a name of its own, or an extension
 * installed from npm (not migrated) written for those versions.
 */
async function commentThroughOldName(ghEvent: object): Promise<number> {
  const client = (ghEvent as { octokit: IssuesClient }).octokit;
  const { status } = await client.issues.createComment({
    owner: "hiimbex",
    repo: "testing-things",
    issue_number: 1,
    body: "Thanks",
  });
  return status;
}

/** Node's DeprecationWarning lines of `body` run in a fresh process (the warning is once per process). */
function deprecationsInFreshProcess(body: string): string[] {
  const source = new URL("../../src/index.ts", import.meta.url).href;
  const script = `import { Context } from ${JSON.stringify(source)};\n${body}`;
  const child = spawnSync(
    process.execPath,
    ["--import", "tsx", "--conditions=gh-app-kit-source", "--input-type=module", "-e", script],
    { encoding: "utf8" },
  );
  expect(child.status, child.stderr).to.equal(0);
  return child.stderr.split("\n").filter((line) => line.includes("DeprecationWarning"));
}

describe("compat: context.octokit, Probot 11 to 14's name of the client (GV)", () => {
  nockWhileRunning();

  it("code that reads context.octokit under another name gets the event's client, with one DeprecationWarning", async () => {
    const { app } = probotStyleApp();
    const scope = nock(API)
      .post("/app/installations/2/access_tokens")
      .reply(200, { token: "test", expires_at: "2099-01-01T00:00:00Z" })
      .post("/repos/hiimbex/testing-things/issues/1/comments")
      .matchHeader("authorization", "token test")
      .twice()
      .reply(201, {});
    const statuses: number[] = [];
    let same = false;
    app.on("issues", async (context) => {
      same = (context as unknown as { octokit: unknown }).octokit === context.client;
      statuses.push(await commentThroughOldName(context));
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() } as never);
    await app.receive({ id: "2", name: "issues", payload: issuesOpened() } as never);
    expect(statuses).to.deep.equal([201, 201]);
    expect(same).to.equal(true);
    expect(scope.isDone()).to.equal(true);
  });

  it("warns once per process, reading or assigning", () => {
    const warnings = deprecationsInFreshProcess(`
      const context = new Context({ id: "1", name: "issues", payload: {} }, { a: 1 }, {});
      context.octokit;
      context.octokit = { b: 2 };
      context.octokit;
    `);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include("context.octokit is deprecated; use context.client");
  });

  it("assigning context.octokit replaces the client, as tests replace Probot's", () => {
    const built = { issues: {} };
    const double = { issues: { double: true } };
    const context = new Context({ id: "1", name: "issues", payload: issuesOpened() }, built as never, {} as never);
    (context as unknown as { octokit: unknown }).octokit = double;
    expect(context.client).to.equal(double);
    expect((context as unknown as { octokit: unknown }).octokit).to.equal(double);
  });

  it("is not an own key: a copy or a logged context holds client and log, as before", () => {
    const context = new Context({ id: "1", name: "issues", payload: issuesOpened() }, {} as never, {} as never);
    expect(Object.keys(context)).to.not.include("octokit");
    expect(Object.keys({ ...context })).to.not.include("octokit");
  });
});
