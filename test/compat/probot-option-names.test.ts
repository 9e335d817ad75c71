import { expect } from "chai";
import { App, AppClient, AppError, createApp } from "../../src/index.js";
import { keptDeprecations } from "../helpers/expected-deprecations.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";

/**
 * Probot's names of two options, `githubToken` and `Octokit`, as a test written for Probot 11 to 14
 * passes them when only its imports were renamed: `new App({ appId: 1, privateKey: "test",
 * githubToken: "test", Octokit: AppClient.defaults({ retry: { enabled: false }, throttle: { enabled:
 * false } }) })`. They were left unread: the events asked for installation tokens with the key
 * "test" (`PRIVATE_KEY_INVALID`), and their clients retried and throttled.
 */
describe("compat: Probot's option names githubToken and Octokit", () => {
  let platform: FakePlatform;
  const payload = {
    action: "opened",
    issue: { number: 7 },
    repository: { name: "r", owner: { login: "o" } },
    installation: { id: 1 },
  };
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(() => platform.close());

  it("new App({ githubToken, Octokit }) sends with the token and makes clients of the given class", async () => {
    const token = platform.issueToken();
    const Octokit = AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } });
    const app = new App({
      appId: 1,
      privateKey: "test",
      githubToken: token,
      Octokit,
      baseUrl: platform.url,
      logLevel: "fatal",
    } as never);
    let client: unknown;
    app.on("issues.opened", async (context) => {
      client = context.client;
      await context.client.issues.createComment(context.issue({ body: "hi" }));
    });
    await app.receive({ id: "1", name: "issues", payload } as never);
    expect(platform.tokenExchanges()).to.have.length(0);
    expect(platform.comments().map((comment) => comment.body)).to.deep.equal(["hi"]);
    expect(
      platform.callsTo("POST", "/repos/:owner/:repo/issues/:issue_number/comments")[0]?.headers.authorization,
    ).to.equal(`token ${token}`);
    expect(client).to.be.instanceOf(Octokit);
    expect(
      keptDeprecations.some((message) => message.startsWith('The "githubToken" option (Probot\'s name)')),
    ).to.equal(true);
    expect(keptDeprecations.some((message) => message.startsWith('The "Octokit" option (Probot\'s name)'))).to.equal(
      true,
    );
  });

  it("App.defaults() and createApp({ overrides }) take them too, githubToken over GITHUB_TOKEN", async () => {
    const token = platform.issueToken();
    const Octokit = AppClient.defaults({ throttle: { enabled: false } });
    const Defaulted = App.defaults({ githubToken: token, Octokit, baseUrl: platform.url, logLevel: "fatal" } as never);
    const overridden = createApp({
      env: { GITHUB_TOKEN: "from-the-environment" },
      overrides: { githubToken: token, Octokit, baseUrl: platform.url, logLevel: "fatal" } as never,
    });
    for (const app of [new Defaulted(), overridden]) {
      app.on("issues.opened", async (context) => {
        await context.client.issues.createComment(context.issue({ body: "hi" }));
      });
      await app.receive({ id: "2", name: "issues", payload } as never);
      expect(app.state.Client).to.equal(Octokit);
    }
    const sent = platform.callsTo("POST", "/repos/:owner/:repo/issues/:issue_number/comments");
    expect(sent.map((call) => call.headers.authorization)).to.deep.equal([`token ${token}`, `token ${token}`]);
  });

  it("refuses githubToken beside a different platformToken, and Octokit beside a different Client", () => {
    const both = [
      { githubToken: "a", platformToken: "b" },
      { Octokit: AppClient.defaults({}), Client: AppClient },
    ];
    for (const options of both) {
      let error: unknown;
      try {
        new App({ logLevel: "fatal", ...options } as never);
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(AppError);
      expect((error as AppError).code).to.equal("OPTION_INVALID");
      expect((error as AppError).message).to.match(
        /was given both "(platformToken|Client)" and Probot's "(githubToken|Octokit)"/,
      );
      expect((error as AppError).message).not.to.include('"a"');
    }
  });
});
