import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { runBin } from "./run-bin.js";

// Every command that runs apps or calls the platform opens the same way
// (src/run/open-host.ts): `.env` beneath the environment, the settings read
// through one table, the same errors for the same bad input.

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const ISSUES_OPENED = fixture("payloads/issues.opened.json");
const APP = fixture("receive-apps/log-events.js");

/** Each command with what it needs besides `.env`; none of them gets far enough to reach a platform or Redis. */
const COMMANDS: ReadonlyArray<[name: string, args: string[]]> = [
  ["run", ["run", "--port", "0", APP]],
  ["worker", ["worker", APP]],
  ["receive", ["receive", "-e", "issues.opened", "-p", ISSUES_OPENED, APP]],
  ["redeliver", ["redeliver", "--dry-run"]],
  ["doctor", ["doctor", APP]],
];

describe("the prologue of every command", function () {
  this.timeout(120_000);
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), "app-prologue-"));
  });
  afterEach(() => rm(cwd, { recursive: true, force: true }));

  for (const [name, args] of COMMANDS) {
    it(`app ${name} refuses a bad variable of .env with the same message`, async () => {
      await writeFile(join(cwd, ".env"), "APP_ID=1\nGHE_HOST=ghe.example.com\nGHE_PROTOCOL=ftp\n");
      const result = await runBin(args, { cwd });
      const said = 'GHE_PROTOCOL must be one of https, http, got "ftp".';
      // `app doctor` reports it as its first check; the others stop with a usage error.
      if (name === "doctor") {
        expect(result.code, result.stderr).to.equal(1);
        expect(result.stdout).to.include(said);
      } else {
        expect(result.code, result.stdout + result.stderr).to.equal(2);
        expect(result.stderr).to.include(`Error: ${said}`);
      }
      expect(result.stdout + result.stderr).not.to.match(/\n\s+at /);
    });

    it(`app ${name} says a .env it cannot read is unreadable, and exits 2`, async () => {
      await mkdir(join(cwd, ".env"));
      const result = await runBin(args, { cwd });
      expect(result.code, result.stdout + result.stderr).to.equal(2);
      expect(result.stderr).to.include(`${join(cwd, ".env")} cannot be read`);
      expect(result.stderr).to.include("Hint: Make the .env file readable by this user, or remove it.");
    });
  }

  it("app receive gives the apps' code the variables of .env in process.env, as app run does", async () => {
    const app = join(cwd, "read-env.js");
    await writeFile(
      app,
      'export default ({ app }) => app.on("issues.opened", () => { console.log(`GREETING=${process.env.GREETING}`); });\n',
    );
    await writeFile(join(cwd, ".env"), "GREETING=from-dotenv\n");
    const result = await runBin(["receive", "-e", "issues.opened", "-p", ISSUES_OPENED, app], { cwd });
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include("GREETING=from-dotenv");
  });
});
