import { expect } from "chai";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBin } from "./run-bin.js";

describe("app deliveries without Redis", () => {
  for (const args of [
    ["deliveries", "failed"],
    ["deliveries", "retry", "--all"],
  ]) {
    it(`app ${args.join(" ")} names REDIS_URL with a hint, and exits 2`, async () => {
      const cwd = await mkdtemp(join(tmpdir(), "deliveries-"));
      const result = await runBin(args, { cwd });
      expect(result.code).to.equal(2);
      expect(result.stderr).not.to.include("The following error occurred");
      expect(result.stderr).to.match(/Error: .*REDIS_URL/);
      expect(result.stderr).to.match(/Hint: .*REDIS_URL.*redis:\/\//);
    });
  }
});
