import { expect } from "chai";
import type { App } from "../../src/index.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { warningApp } from "../helpers/recording-app.js";

/**
 * Probot 7 to 9's clients (@octokit/rest 15 and 16) took `number` for the issue, pull request or
 * milestone number a route names (`issue_number`, `pull_number`, `milestone_number` since 16, which
 * kept `number` as a deprecated alias). Apps written for them still pass it:
 * `github.issues.createComment({ owner, repo, number, body })`. Without the mapping the request
 * goes to `/repos/o/r/issues//comments`, with `number` in its body.
 */
describe("Probot 7 to 9: the `number` parameter of @octokit/rest 15 and 16", () => {
  let platform: FakePlatform;
  let warnings: string[];
  let app: App;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: ["a-token"] });
    ({ app, warnings } = warningApp(platform));
  });
  afterEach(() => platform.close());

  const sent = () => platform.calls.map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body ?? null)}`);

  it("sends it as the route's issue_number, pull_number or milestone_number, and warns", async () => {
    platform.on("DELETE", "/repos/:owner/:repo/issues/:issue_number/labels/:name", () => ({ status: 200, body: [] }));
    platform.on("GET", "/repos/:owner/:repo/pulls/:pull_number", () => ({ status: 200, body: {} }));
    platform.on("PATCH", "/repos/:owner/:repo/milestones/:milestone_number", () => ({ status: 200, body: {} }));
    const client = await app.auth();
    const repo = { owner: "octo", repo: "hello" };
    await client.issues.createComment({ ...repo, number: 7, body: "back again" } as never);
    await client.issues.removeLabel({ ...repo, number: 7, name: "stale" } as never);
    await client.pulls.get({ ...repo, number: 3 } as never);
    await client.rest.issues.updateMilestone({ ...repo, number: 2, state: "closed" } as never);
    await client.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      ...repo,
      number: 8,
      body: "x",
    } as never);
    expect(sent()).to.deep.equal([
      'POST /repos/octo/hello/issues/7/comments {"body":"back again"}',
      "DELETE /repos/octo/hello/issues/7/labels/stale null",
      "GET /repos/octo/hello/pulls/3 null",
      'PATCH /repos/octo/hello/milestones/2 {"state":"closed"}',
      'POST /repos/octo/hello/issues/8/comments {"body":"x"}',
    ]);
    expect(warnings.filter((w) => w.includes("number"))).to.have.length.greaterThan(0);
    expect(warnings.join("\n")).to.include("issue_number");
  });

  it("leaves `number` alone where the route has its own value or no such placeholder", async () => {
    platform.on("GET", "/repos/:owner/:repo/issues", () => ({ status: 200, body: [] }));
    const client = await app.auth();
    await client.issues.createComment({ owner: "octo", repo: "hello", issue_number: 5, number: 6, body: "b" } as never);
    await client.request("GET /repos/{owner}/{repo}/issues", { owner: "octo", repo: "hello", number: 4 });
    expect(sent()).to.deep.equal([
      'POST /repos/octo/hello/issues/5/comments {"number":6,"body":"b"}',
      "GET /repos/octo/hello/issues null",
    ]);
    expect(platform.calls[1]!.query.get("number")).to.equal("4");
  });
});
