import { expect } from "chai";
import type { AppClient } from "../../src/index.js";
import { OLDER_NAME_COUNT } from "../../src/client/catalogue/older-names.generated.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { warningApp } from "../helpers/recording-app.js";

/**
 * Probot 7 and 8's client was @octokit/rest 15, whose method names the catalogue (Probot 10's)
 * lacks: probot/stale sweeps with `search.issues` and `issues.edit`, and probot-scheduler 1.x,
 * which Probot 7 apps load, lists installations with `apps.getInstallations` (`TypeError: ... is
 * not a function` here). Each is answered as a deprecated alias of the method with its route.
 */
describe("Probot 7 and 8: @octokit/rest 15's method names", () => {
  let platform: FakePlatform;
  let warnings: string[];
  let client: AppClient;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: ["a-token"] });
    for (const [method, path] of [
      ["GET", "/search/issues"],
      ["PATCH", "/repos/:owner/:repo/issues/:issue_number"],
      ["GET", "/repos/:owner/:repo/pulls/:pull_number"],
      ["POST", "/repos/:owner/:repo/git/refs"],
      ["GET", "/repos/:owner/:repo/git/ref/:ref"],
      ["GET", "/repos/:owner/:repo/git/matching-refs/:ref"],
    ] as const) {
      platform.on(method, path, () => ({ status: 200, body: { total_count: 0, items: [] } }), { auth: "public" });
    }
    platform.on("GET", "/app/installations", () => ({ status: 200, body: [{ id: 1 }, { id: 2 }] }), { auth: "public" });
    const made = warningApp(platform);
    warnings = made.warnings;
    client = await made.app.auth();
  });
  afterEach(() => platform.close());

  const sent = () => platform.calls.map((call) => `${call.method} ${call.path}`);

  it("sends each one's route, with its old parameter names, and warns", async () => {
    const old = client as unknown as Record<string, Record<string, (p?: object) => Promise<unknown>>>;
    const repo = { owner: "octo", repo: "hello" };
    await old.search!.issues!({ q: "is:open label:stale" });
    await old.issues!.edit!({ ...repo, number: 7, state: "closed" });
    await old.pullRequests!.get!({ ...repo, number: 3 });
    await old.gitdata!.createRef!({ ...repo, ref: "refs/heads/x", sha: "abc" });
    expect(sent()).to.deep.equal([
      "GET /search/issues",
      "PATCH /repos/octo/hello/issues/7",
      "GET /repos/octo/hello/pulls/3",
      "POST /repos/octo/hello/git/refs",
    ]);
    expect(platform.calls[0]!.query.get("q")).to.equal("is:open label:stale");
    expect(platform.calls[1]!.body).to.deep.equal({ state: "closed" });
    expect(warnings.join("\n")).to.include("client.issues.edit() is deprecated, use client.issues.update()");
  });

  it("answers the git data names whose route moved since (gitdata.getReference, getReferences) with today's methods", async () => {
    // Probot 7 to 9's git-data app template reads the default branch's ref with gitdata.getReference.
    const old = client as unknown as Record<string, Record<string, (p?: object) => Promise<unknown>>>;
    const repo = { owner: "octo", repo: "hello" };
    await old.gitdata!.getReference!({ ...repo, ref: "heads/main" });
    await old.gitdata!.getRef!({ ...repo, ref: "heads/main" });
    await old.gitdata!.getReferences!({ ...repo, namespace: "tags" });
    await old.gitdata!.listRefs!({ ...repo, namespace: "heads" });
    expect(sent()).to.deep.equal([
      "GET /repos/octo/hello/git/ref/heads%2Fmain",
      "GET /repos/octo/hello/git/ref/heads%2Fmain",
      "GET /repos/octo/hello/git/matching-refs/tags",
      "GET /repos/octo/hello/git/matching-refs/heads",
    ]);
    expect(warnings.join("\n")).to.include("client.gitdata.getReference() is deprecated, use client.git.getRef()");
  });

  it("pages with client.paginate() through one of them, as probot-scheduler 1.x does", async () => {
    const old = client as unknown as { apps: { getInstallations: typeof client.apps.listInstallations } };
    const installations = await client.paginate(old.apps.getInstallations, { per_page: 100 });
    expect(installations).to.deep.equal([{ id: 1 }, { id: 2 }]);
    expect(sent()).to.deep.equal(["GET /app/installations"]);
  });

  it("keeps today's and the catalogue's names as they are, and the root's groups shared with rest", () => {
    expect(OLDER_NAME_COUNT).to.be.greaterThan(200);
    expect(client.issues.update).to.be.a("function");
    expect("edit" in client.issues).to.equal(true);
    expect(client.issues).to.equal(client.rest.issues);
    expect((client as unknown as { pullRequests: object }).pullRequests).to.be.an("object");
  });
});
