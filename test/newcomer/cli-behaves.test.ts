import { expect } from "chai";
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBin } from "../commands/run-bin.js";

const PAYLOAD = JSON.stringify({
  action: "opened",
  issue: { number: 1 },
  repository: { name: "r", owner: { login: "o" } },
});

describe("the CLI behaves as docs/cli.md says", function () {
  this.timeout(60_000);
  let cwd: string;
  before(async () => {
    cwd = await mkdtemp(join(tmpdir(), "app-cli-"));
    await writeFile(join(cwd, "payload.json"), PAYLOAD);
    await writeFile(join(cwd, "package.json"), JSON.stringify({ name: "bot", type: "module" }));
    await writeFile(
      join(cwd, "fail.js"),
      'export default ({ app }) => app.on("issues.opened", async () => { throw new Error("boom-in-the-handler"); });\n',
    );
  });
  const app = (args: string[], env: NodeJS.ProcessEnv = {}) => runBin(args, { cwd, env });
  const lastLine = (text: string) => text.trim().split("\n").at(-1);

  it("suggests the command for a typo followed by arguments (app nwe my-bot)", async () => {
    const result = await app(["nwe", "my-bot"]);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.equal(
      'Error: "nwe" is not a command of app. Did you mean "app new"? Run "app --help" for the list.\n',
    );
  });

  it("suggests the flag for a mistyped flag, and ends with where to get help", async () => {
    const result = await app(["run", "--prot", "3000"]);
    expect(result.code).to.equal(2);
    expect(result.stderr.trim()).to.equal(
      'Error: Nonexistent flag: --prot. Did you mean --port? See "app run --help".',
    );
  });

  it("ends a usage error of a command with where to get help", async () => {
    const result = await app(["receive", "-e", "issues.opened", "-p", "missing.json", "./fail.js"]);
    expect(result.code).to.equal(2);
    expect(lastLine(result.stderr)).to.equal('See "app receive --help".');
  });

  it("runs app help and app help COMMAND", async () => {
    const all = await app(["help"]);
    expect(all.code, all.stderr).to.equal(0);
    expect(all.stdout)
      .to.match(/^COMMANDS$/m)
      .and.match(/^ {2}receive +Deliver one recorded webhook event/m);
    const one = await app(["help", "receive"]);
    expect(one.code, one.stderr).to.equal(0);
    expect(one.stdout).to.include("$ app receive");
  });

  it("exits 2 for a missing app file, in receive and in run (even in setup mode)", async () => {
    const received = await app(["receive", "-e", "issues.opened", "-p", "payload.json", "./missing.js"]);
    expect(received.code).to.equal(2);
    expect(received.stderr).to.include('Cannot find the app "./missing.js"');
    const ran = await app(["run", "--port", "0", "./missing.js"]);
    expect(ran.code).to.equal(2);
    expect(ran.stderr).to.include('Cannot find the app "./missing.js"');
  });

  it("exits 2 for a missing payload file", async () => {
    expect((await app(["receive", "-e", "issues.opened", "-p", "missing.json", "./fail.js"])).code).to.equal(2);
  });

  it("refuses --framework file:/nonexistent before writing anything or claiming success", async () => {
    const result = await app(["new", "my-bot", "--framework", "file:/nonexistent", "--yes", "--no-install"]);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include("--framework file:/nonexistent: there is no package or tarball at /nonexistent.");
    expect(result.stdout).not.to.include("Created").and.not.include("Next:");
    expect(existsSync(join(cwd, "my-bot"))).to.equal(false);
  });

  it("prints a handler's error once in receive", async () => {
    const result = await app(["receive", "-e", "issues.opened", "-p", "payload.json", "./fail.js"]);
    expect(result.code).to.equal(1);
    expect((result.stdout + result.stderr).match(/boom-in-the-handler/g)).to.have.length(1);
  });

  it("prints a bad private key's error once in setup", async () => {
    const result = await app(["setup", "--yes", "-a", "1"], { PRIVATE_KEY: "not-a-pem" });
    expect(result.code).to.equal(1);
    expect((result.stdout + result.stderr).match(/is not a PEM private key/g)).to.have.length(1);
  });

  it("lists the values of --log-level in the help", async () => {
    const result = await app(["run", "--help"], { OCLIF_COLUMNS: "1000" });
    const line = result.stdout.split("\n").find((text) => text.includes("--log-level="));
    expect(line).to.include("trace, debug, info (default), warn, error or fatal");
  });

  for (const command of ["new", "receive", "run", "setup"]) {
    it(`wraps app ${command} --help as the terminal does: no line break in mid-sentence`, async () => {
      const result = await app([command, "--help"], { OCLIF_COLUMNS: "1000" });
      const description = result.stdout.slice(
        result.stdout.indexOf("DESCRIPTION\n"),
        result.stdout.indexOf("\nEXAMPLES\n"),
      );
      const lines = description
        .split("\n")
        .slice(1)
        .filter((line) => line.trim() !== "");
      expect(lines.length).to.be.at.least(2);
      for (const line of lines) expect(line, line).to.match(/[.:)]$/);
    });
  }
});
