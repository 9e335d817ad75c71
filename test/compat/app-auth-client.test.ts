import { expect } from "chai";
import nock from "nock";
import { App } from "../../src/index.js";
import { API, probotStyleApp, TestClient } from "./probot-style.js";

// Loading nock activates it; these cases activate it only while they run.
nock.restore();

// What `await app.auth()` (no installation id) answers, as Probot 10 to 14 answer it: the
// app's one client (`state.octokit`), the same object at every call, so a hook, a plugin's
// state or a test's spy put on it once is there for every later `app.auth()`.
describe("app.auth() without an installation id (Probot's one app client)", () => {
  before(() => {
    if (!nock.isActive()) nock.activate();
  });
  beforeEach(() => nock.disableNetConnect());
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    nock.enableNetConnect();
    expect(pending, "mocks not used").to.deep.equal([]);
  });
  after(() => nock.restore());

  it("answers the same client at every call, with a platform token", async () => {
    const app = new App({ platformToken: "test", Client: TestClient, logLevel: "fatal" });
    const first = await app.auth();
    const second = await app.auth();
    expect(second).to.equal(first);
    // A hook added to the first answer runs for a request of a later one.
    const seen: string[] = [];
    first.hook.before("request", (options) => void seen.push(`${options.method} ${options.url}`));
    nock(API).get("/repos/o/r").matchHeader("authorization", "token test").reply(200, { id: 1 });
    const { data } = await (await app.auth()).repos.get({ owner: "o", repo: "r" });
    expect(data).to.deep.equal({ id: 1 });
    expect(seen).to.deep.equal(["GET /repos/{owner}/{repo}"]);
  });

  it("answers the same client at every call, with app credentials; an installation's client is made each time", async () => {
    const { app } = probotStyleApp({ logLevel: "fatal" });
    const first = await app.auth();
    expect(await app.auth()).to.equal(first);
    expect(((await first.auth({ type: "app" })) as { type: string }).type).to.equal("app");
    nock(API)
      .post("/app/installations/5/access_tokens")
      .reply(201, { token: "ghs_x", expires_at: "2099-01-01T00:00:00Z" });
    const installation = await app.auth(5);
    expect(installation).to.not.equal(first);
    expect(await app.auth(5)).to.not.equal(installation);
    expect(((await installation.auth()) as { token: string }).token).to.equal("ghs_x");
  });
});
