import { expect } from "chai";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { App, AppClient } from "../../src/index.js";

// Probot 7.5 to 9 read a config file through the event client's `repos.getContents(params)`. Their
// tests made a real client (Probot 9's `new GitHubAPI()`, an `AppClient` once migrated), handed
// it to events through a replaced app.auth, and replaced its `repos.getContents` with a spy that
// answers the file (behaviorbot/new-pr-welcome). Here a client with the config plugin read the
// file with its own requests, past the spy: the platform was asked, and the test timed out.
const payload = {
  action: "opened",
  issue: { number: 7 },
  repository: { name: "r", owner: { login: "o" } },
  installation: { id: 42 },
};

const yaml = (text: string) => ({ data: { content: Buffer.from(text).toString("base64") } });

describe("compat: context.config() with a client whose repos.getContents a Probot 9 test replaced", () => {
  let server: Server;
  let baseUrl: string;
  const paths: string[] = [];

  before(async () => {
    // The platform: every contents request is answered with a file the spy does not give (raw, as
    // the config plugin asks for it).
    server = createServer((req, res) => {
      paths.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/plain" }).end("from: platform\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    paths.length = 0;
  });

  async function readConfig(client: AppClient): Promise<unknown> {
    const app = new App({ appId: 1, privateKey: "not used", secret: "s" });
    let result: unknown;
    app.on("issues.opened", async (context) => {
      result = await context.config("config.yml").catch((error: unknown) => ({ error }));
    });
    app.auth = () => Promise.resolve(client);
    await app.receive({ id: "1", name: "issues", payload } as never);
    return result;
  }

  const client = () => new AppClient({ baseUrl, throttle: { enabled: false }, retry: { enabled: false } } as never);

  it("reads the file through the replaced repos.getContents, as Probot 9 did", async () => {
    const github = client();
    const asked: unknown[] = [];
    (github.repos as unknown as Record<string, unknown>).getContents = (params: unknown) => {
      asked.push(params);
      return Promise.resolve(yaml("newPRWelcomeComment: Hello\n"));
    };
    expect(await readConfig(github)).to.deep.equal({ newPRWelcomeComment: "Hello" });
    expect(asked[0]).to.deep.equal({ owner: "o", repo: "r", path: ".github/config.yml" });
    expect(paths).to.deep.equal([]);
  });

  it("a client whose methods are its own, or were put back, still reads with its config plugin", async () => {
    expect(await readConfig(client())).to.deep.equal({ from: "platform" });
    expect(paths[0]).to.match(/^\/repos\/o\/r\/contents\/\.github(%2F|\/)config\.yml/);
    const github = client();
    const repos = github.repos as unknown as Record<string, unknown>;
    const original = repos.getContents;
    repos.getContents = () => Promise.resolve(yaml("spied: true\n"));
    repos.getContents = original;
    expect(await readConfig(github)).to.deep.equal({ from: "platform" });
  });
});
