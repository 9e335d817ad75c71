import { expect } from "chai";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { BIN, oneLine, runBin } from "./run-bin.js";
import { bareEnv } from "../helpers/child-env.js";

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const ISSUES_OPENED = fixture("payloads/issues.opened.json");
const LOG_EVENTS = fixture("receive-apps/log-events.js");
const TOKEN = "ghp_receiveclitoken0123456789abcdefABCDEF";
const NO_STACK = /\n\s+at /;

describe("app receive", () => {
  let platform: FakePlatform;
  let cwd: string;

  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: [TOKEN] });
  });
  after(() => platform.close());
  beforeEach(async () => {
    platform.reset();
    cwd = await mkdtemp(join(tmpdir(), "app-receive-"));
  });

  const receive = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    runBin(["receive", "--base-url", platform.url, ...args], { cwd, env });

  it("delivers EVENT.ACTION to every app and exits 0", async () => {
    const result = await receive([
      "-e",
      "issues.opened",
      "-p",
      ISSUES_OPENED,
      LOG_EVENTS,
      fixture("receive-apps/second.js"),
    ]);
    expect(result.code).to.equal(0);
    expect(result.stdout).to.include("log-events saw issues.opened #7");
    expect(result.stdout).to.include("second saw issues.opened");
  });

  it("defaults to GITHUB_EVENT_NAME and GITHUB_EVENT_PATH, as in a GitHub Actions job", async () => {
    const result = await receive([LOG_EVENTS], {
      GITHUB_EVENT_NAME: "push",
      GITHUB_EVENT_PATH: fixture("payloads/push.json"),
    });
    expect(result.code).to.equal(0);
    expect(result.stdout).to.include("log-events saw push to refs/heads/main");
  });

  it("comments with --token, and never prints the token", async () => {
    const result = await receive([
      "-e",
      "issues",
      "-p",
      ISSUES_OPENED,
      "--token",
      TOKEN,
      fixture("receive-apps/comment.js"),
    ]);
    expect(result.code).to.equal(0);
    expect(platform.comments()).to.have.length(1);
    expect(platform.comments()[0]!.auth).to.deep.equal({ type: "token", token: TOKEN });
    expect(result.stdout + result.stderr).not.to.include(TOKEN);
    expect(result.stdout).not.to.match(/WARN/);
  });

  it("comments as the installation with --app-id and --private-key", async () => {
    await writeFile(join(cwd, "app.pem"), getTestKeys().privateKeyPkcs1);
    const result = await receive([
      "-e",
      "issues.opened",
      "-p",
      ISSUES_OPENED,
      "-a",
      "1",
      "-P",
      "app.pem",
      fixture("receive-apps/comment.js"),
    ]);
    expect(result.code, result.stderr).to.equal(0);
    expect(platform.tokenExchanges()).to.have.length(1);
    expect(platform.comments()[0]!.auth).to.include({ type: "installation", installationId: 1 });
  });

  it("without credentials runs the handlers as a dry run, saying so once, without a warning", async () => {
    const result = await receive(["-e", "issues", "-p", ISSUES_OPENED, LOG_EVENTS]);
    expect(result.code).to.equal(0);
    expect(result.stdout).not.to.match(/WARN/);
    expect(result.stdout.match(/No credentials, so this is a dry run/g)).to.have.length(1);
    expect(result.stdout).to.include("log-events saw issues.opened #7");
  });

  it("exits 1 with the handler's message, scrubbed, and no stack", async () => {
    const result = await receive(["-e", "issues", "-p", ISSUES_OPENED, fixture("receive-apps/fail.js")]);
    expect(result.code).to.equal(1);
    expect(oneLine(result.stderr)).to.include("The issues.opened handler failed: Label sync broke (token [REDACTED])");
    expect(result.stdout + result.stderr).not.to.include("ghs_abcdefghij");
    expect(result.stderr).not.to.match(NO_STACK);
  });

  it("writes the log lines logged before an error exit as pretty ones", async () => {
    // The app file is missing: the line saying it is a dry run was logged before the error.
    const missing = await receive(["-e", "issues", "-p", ISSUES_OPENED, "./missing.js"]);
    expect(missing.code).to.equal(2);
    expect(missing.stdout).to.match(/^\[[\d:.]+\] INFO: No credentials, so this is a dry run/m);
    expect(missing.stdout).not.to.include('{"level"');
    // A handler fails; --log-level debug, as its hint says, shows where, in the same format.
    const failed = await receive(["-e", "issues", "-p", ISSUES_OPENED, "-L", "debug", fixture("receive-apps/fail.js")]);
    expect(failed.code).to.equal(1);
    expect(failed.stdout).to.match(/^\[[\d:.]+\] DEBUG: A issues\.opened handler failed/m);
    expect(failed.stdout).not.to.include('{"level"');
  });

  it("ends when its standard output is closed (app receive ... | head -1), instead of spinning", async () => {
    const chatty = join(cwd, "chatty.mjs");
    await writeFile(
      chatty,
      "export default ({ app }) => app.on('issues', async (context) => {\n" +
        "  for (let i = 0; i < 2000; i++) {\n" +
        "    context.log.info(`line ${i}`);\n" +
        "    if (i % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 1));\n" +
        "  }\n" +
        "});\n",
    );
    const child = spawn(process.execPath, [BIN, "receive", "-e", "issues", "-p", ISSUES_OPENED, chatty], {
      cwd,
      env: bareEnv({ NO_COLOR: "1" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // As head -1 does: read the first line, then close the pipe.
    child.stdout.once("data", () => child.stdout.destroy());
    const [code] = (await once(child, "close")) as [number | null];
    expect(code, stderr).to.equal(0);
    expect(stderr).not.to.match(NO_STACK);
  });

  const usageErrors: ReadonlyArray<[label: string, args: string[], message: string]> = [
    [
      "the payload file is missing",
      ["-e", "issues", "-p", "missing.json", LOG_EVENTS],
      "The payload file missing.json does not exist.",
    ],
    ["the payload is not JSON", ["-e", "issues", "-p", fixture("payloads/truncated.json"), LOG_EVENTS], "is not JSON"],
    [
      "the action differs from the payload's",
      ["-e", "issues.closed", "-p", ISSUES_OPENED, LOG_EVENTS],
      `names the action "closed", but the payload's action is "opened"`,
    ],
    ["no event is given", ["-p", ISSUES_OPENED, LOG_EVENTS], "No event was given."],
  ];
  for (const [label, args, message] of usageErrors) {
    it(`exits 2 with one clear message when ${label}`, async () => {
      const result = await receive(args);
      expect(result.code).to.equal(2);
      expect(oneLine(result.stderr)).to.include(message);
      expect(result.stderr).not.to.match(NO_STACK);
      expect(result.stdout).not.to.include("log-events saw");
    });
  }
});
