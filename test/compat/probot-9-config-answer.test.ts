import { expect } from "chai";
import nock from "nock";
import { API, issuesOpened, probotStyleApp } from "./probot-style.js";
import { nockWhileRunning } from "../helpers/nock-while-running.js";

// Probot 9 read a config file with its client's repos.getContents() and decoded the answer's
// base64 `content` itself, so the suites of Probot 6 to 9 apps answer the contents request with
// `.reply(200, { content: <base64> })`: no `type`, no `encoding` (nymous/github-project-automation).
// Probot 10 to 14 and gh-app-kit ask for the raw file instead, which such an answer is not.
describe("compat: a config file answered as Probot 9's suites answer it ({ content: base64 })", () => {
  nockWhileRunning();

  async function readConfig(answer: unknown): Promise<unknown> {
    const { app } = probotStyleApp();
    nock(API)
      .post("/app/installations/2/access_tokens")
      .reply(200, { token: "test", expires_at: "2099-01-01T00:00:00Z" })
      .get("/repos/hiimbex/testing-things/contents/.github%2Fproject.yml")
      .reply(200, answer as nock.Body);
    let config: unknown;
    app.on("issues", async (context) => {
      config = await context.config("project.yml");
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() } as never);
    return config;
  }

  it("decodes the base64 content of an answer that has no type, as Probot 9 did", async () => {
    const content = Buffer.from('project: "Notre projet"\nissues:\n  column: "To do"\n').toString("base64");
    expect(await readConfig({ content })).to.deep.equal({ project: "Notre projet", issues: { column: "To do" } });
  });

  it("decodes it with the contents object's other keys beside it (name, path, sha, size)", async () => {
    const content = Buffer.from("labels:\n  - bug\n").toString("base64");
    const answer = { name: "project.yml", path: ".github/project.yml", sha: "abc", size: 15, content };
    expect(await readConfig(answer)).to.deep.equal({ labels: ["bug"] });
  });

  it("keeps a JSON document whose content key is no base64 for the document itself", async () => {
    expect(await readConfig({ content: "Thanks for opening this issue!" })).to.deep.equal({
      content: "Thanks for opening this issue!",
    });
  });

  it("keeps a JSON document with keys a contents object has not for the document itself", async () => {
    expect(await readConfig({ content: "dGVzdA==", column: "To do" })).to.deep.equal({
      content: "dGVzdA==",
      column: "To do",
    });
  });
});
