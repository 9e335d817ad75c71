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
    await run(bin("ncc"), ["build", "index.js", "-o", "dist", "--quiet"], {
      cwd: join(work, "action"),
      maxBuffer: 16 * 1024 * 1024,
    });
    // Only the bundle goes with the action: no node_modules, no sources.
    shipped = await mkdtemp(join(tmpdir(), "action-"));
    await cp(join(work, "action", "dist"), join(shipped, "dist"), { recursive: true });
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
  const start = (env: Record<string, string>) =>
    run(process.execPath, [join(shipped, "dist", "index.js")], {
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
});
