import { expect } from "chai";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error: a plain .mjs script of the corpus runner, without declarations
import { run } from "../../scripts/corpus/lib/proc.mjs";

// scripts/corpus/lib/proc.mjs runs each install and suite of the corpus: a command that cannot be
// started (a runner the install did not bring) is a result to report, not a crash of the runner.
describe("corpus runner: run()", () => {
  it("answers 127 for a command that cannot be started, and logs why, without writing after the log's end", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "corpus-proc-"));
    const logFile = path.join(dir, "run.log");
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on("uncaughtException", onError);
    try {
      const result = await run(path.join(dir, "node_modules", ".bin", "jest"), ["--ci"], { cwd: dir, logFile });
      // The child's 'close' comes after its 'error': give it the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(result.code).to.equal(127);
      expect(readFileSync(logFile, "utf8")).to.match(/could not start .*jest: spawn .* ENOENT/);
      expect(errors.map(String)).to.deep.equal([]);
    } finally {
      process.off("uncaughtException", onError);
    }
  });
});
