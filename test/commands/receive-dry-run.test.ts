import { expect } from "chai";
import { mkdtemp } from "node:fs/promises";
import { createServer, type AddressInfo, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runBin } from "./run-bin.js";

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const ISSUES_OPENED = fixture("payloads/issues.opened.json");
const TOKEN = "ghp_dryruntoken0123456789abcdefABCDEFghij";
const COMMENT = "repos/octo-org/hello-world/issues/7/comments";

// The dry run as a process: its --base-url is a loopback listener that only
// counts connections, so any request really sent is seen.
describe("app receive: the dry run", () => {
  let listener: Server;
  let connections = 0;
  let baseUrl: string;
  let cwd: string;

  before(async () => {
    listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  after(() => new Promise((resolve) => listener.close(resolve)));
  beforeEach(async () => {
    connections = 0;
    cwd = await mkdtemp(join(tmpdir(), "app-receive-dry-"));
  });

  it("without credentials prints the requests, sends none, and exits 0 with a closing line", async () => {
    const result = await runBin(
      [
        "receive",
        "--base-url",
        baseUrl,
        "-e",
        "issues.opened",
        "-p",
        ISSUES_OPENED,
        fixture("receive-apps/comment.js"),
      ],
      { cwd },
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(connections).to.equal(0);
    expect(result.stdout).to.include(`POST ${baseUrl}/${COMMENT}`);
    expect(result.stdout).to.include('{"body":"Thanks for the report!"}');
    expect(result.stdout).to.include("comment posted");
    expect(result.stdout.trim().split("\n").at(-1)).to.equal(
      "Dry run: 1 handler ran for issues.opened; 1 request printed, none sent.",
    );
    expect(result.stdout).not.to.match(/WARN/);
  });

  it("with --dry-run sends nothing even with GITHUB_TOKEN set, and never prints the token", async () => {
    const result = await runBin(
      [
        "receive",
        "--dry-run",
        "--base-url",
        baseUrl,
        "-e",
        "issues.opened",
        "-p",
        ISSUES_OPENED,
        fixture("receive-apps/comment.js"),
      ],
      { cwd, env: { GITHUB_TOKEN: TOKEN } },
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(connections).to.equal(0);
    expect(result.stdout).to.include(`POST ${baseUrl}/${COMMENT}`);
    expect(result.stdout + result.stderr).not.to.include(TOKEN);
  });

  it("answers reads 404, so context.config gives its defaults", async () => {
    const result = await runBin(
      [
        "receive",
        "--base-url",
        baseUrl,
        "-e",
        "issues",
        "-p",
        ISSUES_OPENED,
        fixture("receive-apps/config-comment.js"),
      ],
      { cwd },
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(connections).to.equal(0);
    expect(result.stdout).to.match(/GET \S+\/repos\/octo-org\/hello-world\/contents\/\.github(%2F|\/)greeter\.yml/);
    expect(result.stdout).to.include('{"body":"Hello from the defaults"}');
    expect(result.stdout).to.match(/Dry run: 1 handler ran for issues\.opened; \d+ requests printed, none sent\.\n?$/);
  });

  it("prints the platform's own URLs by default, offline", async () => {
    const result = await runBin(
      ["receive", "-e", "issues.opened", "-p", ISSUES_OPENED, fixture("receive-apps/comment.js")],
      { cwd },
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include(`POST https://api.github.com/${COMMENT}`);
  });

  it("exits 1 with the handler's message when a handler fails", async () => {
    const result = await runBin(
      ["receive", "--dry-run", "-e", "issues", "-p", ISSUES_OPENED, fixture("receive-apps/fail.js")],
      { cwd },
    );
    expect(result.code).to.equal(1);
    expect(result.stderr).to.include("Label sync broke");
  });
});
