import { expect } from "chai";
// @ts-expect-error: a plain .mjs script of the corpus runner, without declarations
import { readResults, reporterArgs } from "../../scripts/corpus/lib/results.mjs";

// scripts/corpus/lib/results.mjs: the arguments that make each runner of the corpus print what it reads.
describe("corpus runner: results of ava", () => {
  it("asks ava for TAP, and counts its tests by their titles", () => {
    expect(reporterArgs("ava", "/tmp/results.json")).to.deep.equal(["--tap"]);
    // As ava 1 and 6 print it: the file's path and the title, joined with "›".
    const stdout = [
      "TAP version 13",
      "# http › meta › outdated › time.svg › responses › when up to date",
      "ok 1 - http › meta › outdated › time.svg › responses › when up to date",
      "# ava › index.js › catch-RangeError › catches RangeError",
      "not ok 2 - ava › index.js › catch-RangeError › catches RangeError",
      "  ---",
      "    name: AssertionError",
      "  ...",
      "ok 3 - ava › lib › later # SKIP",
      "",
      "1..3",
      "# tests 3",
      "# pass 1",
      "# fail 1",
      "",
    ].join("\n");
    const results = readResults("ava", { resultsFile: "/tmp/none.json", stdout, root: "/tmp/app" });
    expect([results.total, results.passed, results.failed, results.skipped]).to.deep.equal([3, 1, 1, 1]);
  });
});
