import { expect } from "chai";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runBin } from "../commands/run-bin.js";

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

/** `app receive --dry-run` of issues.opened to one of the receive-apps fixtures, in a folder of its own. */
async function dryRunReceive(app: string): Promise<Awaited<ReturnType<typeof runBin>>> {
  const cwd = await mkdtemp(join(tmpdir(), "app-receive-unawaited-"));
  try {
    const payload = fixture("payloads/issues.opened.json");
    return await runBin(
      ["receive", "--dry-run", "-e", "issues.opened", "-p", payload, fixture(`receive-apps/${app}`)],
      {
        cwd,
      },
    );
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

// Probot 10's `probot receive` logged a rejection nothing handled (a handler
// that started its work without awaiting it) as an error line; Node alone
// ends the process with its own stack trace and footer instead.
describe("app receive: a rejection nothing handled", () => {
  it("is logged as one error line naming the error, and the command exits 1 without Node's crash", async () => {
    const result = await dryRunReceive("unawaited-reject.js");
    const output = result.stdout + result.stderr;
    expect(result.code, output).to.equal(1);
    // The handler's request went out (printed: a dry run) before the work failed.
    expect(result.stdout).to.match(/POST \S+\/repos\/octo-org\/hello-world\/issues\/7\/labels/);
    expect(output).to.include("nothing handled it");
    expect(output).to.include("Cannot read properties of undefined (reading 'map')");
    expect(output).not.to.match(/Node\.js v\d+/);
  });

  it("a dry run's closing line counts the requests of work the handlers did not await", async () => {
    const result = await dryRunReceive("unawaited-comment.js");
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    expect(result.stdout).to.match(/POST \S+\/repos\/octo-org\/hello-world\/issues\/7\/comments/);
    expect(result.stdout.trim().split("\n").at(-1)).to.equal(
      "Dry run: 1 handler ran for issues.opened; 1 request printed, none sent.",
    );
  });
});
