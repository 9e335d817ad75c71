import { expect } from "chai";
import nock from "nock";
import { API, issuesOpened, probotStyleApp } from "./probot-style.js";
import { nockWhileRunning } from "../helpers/nock-while-running.js";

// Probot 9 read a config file with its client's repos.getContents() and decoded the answer's
// base64 `content` itself, so the suites of Probot 6 to 9 apps answer the contents request with
// `.reply(200, { content: <base64> })`: no `type`, no `encoding` (nymous/github-project-automation).
// Probot 10 to 14 ask for the raw file instead and read no file from such an answer, and suites
// written for them pass on that: sailpoint-oss/codey-bot answers `{ content }` and expects the
// default welcome message, not the one in the content. gh-app-kit reads it as Probot 10 to 14 do.
describe("compat: a config file answered { content: base64 }, without the contents object's type", () => {
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

  it("reads no file from it, as Probot 10 to 14: the answer is the document", async () => {
    const content = Buffer.from("community:\n  welcomeMessage: Hello\n").toString("base64");
    const config = (await readConfig({ content })) as Record<string, unknown>;
    expect(config).to.deep.equal({ content });
    expect(config.community).to.equal(undefined);
  });

  it("decodes the same content where the answer is a contents object (type file, base64)", async () => {
    const content = Buffer.from("labels:\n  - bug\n").toString("base64");
    const answer = { type: "file", encoding: "base64", name: "project.yml", path: ".github/project.yml", content };
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
