import { expect } from "chai";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { receive } from "../../src/receive/receive.js";
import { runBin } from "../commands/run-bin.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const TOKEN = "ghs_actionsjobtoken0123456789abcdefABCDEF";

// docs/cli.md's workflow: `npx app receive ./index.js` with the job's GITHUB_TOKEN. A job sets
// GITHUB_API_URL to its platform's API (an Enterprise Server's, for one of its runners).
describe("app receive as a GitHub Actions step", function () {
  this.timeout(60_000);
  let platform: FakePlatform;
  let cwd: string;
  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: [TOKEN] });
    cwd = await mkdtemp(join(tmpdir(), "app-receive-actions-"));
  });
  after(() => platform.close());
  beforeEach(() => platform.reset());

  const job = {
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: "issues",
    GITHUB_EVENT_PATH: fixture("payloads/issues.opened.json"),
    GITHUB_TOKEN: TOKEN,
  };

  it("acts on the job's platform, GITHUB_API_URL, as run() of gh-app-kit/actions does", async () => {
    const result = await runBin(["receive", fixture("receive-apps/comment.js")], {
      cwd,
      env: { ...job, GITHUB_API_URL: platform.url },
    });
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    expect(platform.comments()).to.have.length(1);
    expect(platform.comments()[0]!.auth).to.deep.equal({ type: "token", token: TOKEN });
  });

  it("receive() from code acts on GITHUB_API_URL too: docs/deploy.md calls it the same run", async () => {
    const lines: string[] = [];
    await receive({
      apps: [fixture("receive-apps/comment.js")],
      env: { ...job, GITHUB_API_URL: platform.url },
      cwd,
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    expect(platform.comments(), lines.join("")).to.have.length(1);
    expect(platform.comments()[0]!.auth).to.deep.equal({ type: "token", token: TOKEN });
  });

  it("lets --base-url and GHE_HOST win over GITHUB_API_URL", async () => {
    const elsewhere = "http://127.0.0.1:9/api/v3";
    const result = await runBin(["receive", "--base-url", platform.url, fixture("receive-apps/comment.js")], {
      cwd,
      env: { ...job, GITHUB_API_URL: elsewhere },
    });
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    expect(platform.comments()).to.have.length(1);
    const viaHost = await runBin(["receive", fixture("receive-apps/comment.js")], {
      cwd,
      env: { ...job, GITHUB_API_URL: platform.url, GHE_HOST: "127.0.0.1:9", GHE_PROTOCOL: "http" },
    });
    expect(viaHost.code).to.equal(1);
    expect(platform.comments()).to.have.length(1);
  });
});
