import { execFile } from "node:child_process";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { bin, preparePackedFixture, requireRuntimes } from "./helpers/packed-fixture.js";

const run = promisify(execFile);
const TOKEN = `ghs_${"J0b7oKeN".repeat(5)}`;

// A JavaScript action ships one file: ncc (webpack) bundles the entry, the app and the package into
// dist/index.js, which the runner starts with node and nothing installed beside it.
describe("the packed package bundled by ncc into a JavaScript action", function () {
  requireRuntimes(this, "@vercel/ncc");
  this.timeout(60_000);
  let platform: FakePlatform;
  let shipped: string;

  before(async function () {
    this.timeout(180_000);
    const work = await preparePackedFixture();
    const ncc = (entry: string, out: string) =>
      run(bin("ncc"), ["build", entry, "-o", out, "--quiet"], {
        cwd: join(work, "action"),
        maxBuffer: 16 * 1024 * 1024,
      });
    await Promise.all([ncc("index.js", "dist"), ncc("run.js", "dist-run")]);
    // Only the bundle goes with the action: no node_modules, no sources.
    shipped = await mkdtemp(join(tmpdir(), "action-"));
    await cp(join(work, "action", "dist"), join(shipped, "dist"), { recursive: true });
    await cp(join(work, "action", "dist-run"), join(shipped, "dist-run"), { recursive: true });
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: [TOKEN] });
  });
  after(async () => {
    await platform?.close();
    if (shipped) await rm(shipped, { recursive: true, force: true });
  });

  const event = async (payload: object) => {
    const path = join(shipped, "event.json");
    await writeFile(path, JSON.stringify(payload));
    return path;
  };
  const start = (env: Record<string, string>, bundle = "dist") =>
    run(process.execPath, [join(shipped, bundle, "index.js")], {
      cwd: shipped,
      env: { PATH: process.env.PATH ?? "", BASE_URL: platform.url, GITHUB_EVENT_NAME: "issues", ...env },
    }).then(
      (done) => ({ code: 0, ...done }),
      (failed: { code: number; stdout: string; stderr: string }) => failed,
    );

  it("runs the app for the job's event and comments with the job's token, printing no secret", async () => {
    platform.reset();
    const payload = {
      action: "opened",
      issue: { number: 12 },
      repository: { name: "hello", owner: { login: "octo" } },
    };
    const result = await start({ GITHUB_EVENT_PATH: await event(payload), GITHUB_TOKEN: TOKEN });
    const output = `${result.stdout}${result.stderr}`;
    expect(result.code, output).to.equal(0);
    expect(result.stdout).to.include("handled issues.opened");
    expect(platform.comments()).to.have.length(1);
    expect(platform.comments()[0]).to.deep.include({ owner: "octo", repo: "hello", issue_number: 12 });
    expect(platform.comments()[0]!.auth).to.deep.equal({ type: "token", token: TOKEN });
    expect(output).not.to.include(TOKEN);
  });

  it("fails the step with one line when the event file is missing", async () => {
    const result = await start({ GITHUB_EVENT_PATH: join(shipped, "nowhere.json"), GITHUB_TOKEN: TOKEN });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.match(/^::error::.*nowhere\.json/m);
    expect(result.stderr).not.to.match(/\n\s+at /);
  });

  describe("with gh-app-kit/actions' run(app), the Actions adapter's shape", () => {
    const job = (more: Record<string, string>) => ({ GITHUB_API_URL: platform.url, GITHUB_RUN_ID: "77", ...more });

    it("comments with the job's token against GITHUB_API_URL, its log lines as workflow commands", async () => {
      platform.reset();
      const payload = {
        action: "opened",
        issue: { number: 3 },
        repository: { name: "hello", owner: { login: "octo" } },
      };
      const result = await start(job({ GITHUB_EVENT_PATH: await event(payload), INPUT_TOKEN: TOKEN }), "dist-run");
      const output = `${result.stdout}${result.stderr}`;
      expect(result.code, output).to.equal(0);
      expect(platform.comments()).to.have.length(1);
      expect(platform.comments()[0]).to.deep.include({ owner: "octo", repo: "hello", issue_number: 3 });
      expect(platform.comments()[0]!.auth).to.deep.equal({ type: "token", token: TOKEN });
      expect(output).not.to.include(TOKEN);
      expect(output).not.to.match(/^\{"level"/m);
    });

    it("fails the step with one ::error:: line and no stack when the handler fails", async () => {
      platform.reset();
      platform.failNext("POST", "/repos/:owner/:repo/issues/:issue_number/comments", {
        status: 403,
        body: { message: "Resource not accessible by integration" },
      });
      const payload = {
        action: "opened",
        issue: { number: 4 },
        repository: { name: "hello", owner: { login: "octo" } },
      };
      const result = await start(job({ GITHUB_EVENT_PATH: await event(payload), GITHUB_TOKEN: TOKEN }), "dist-run");
      expect(result.code).to.equal(1);
      expect(result.stdout).to.match(
        /^::error::The issues\.opened handler failed: Resource not accessible by integration/m,
      );
      expect(`${result.stdout}${result.stderr}`).not.to.match(/\n\s+at /);
    });

    it("fails the step with one line when the job gave no token", async () => {
      const result = await start(job({ GITHUB_EVENT_PATH: await event({}) }), "dist-run");
      expect(result.code).to.equal(1);
      expect(result.stdout.trim()).to.match(/^::error::No token for the app's client/);
      expect(result.stdout.trim().split("\n")).to.have.length(1);
    });
  });
});
