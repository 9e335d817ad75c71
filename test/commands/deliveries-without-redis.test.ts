import { expect } from "chai";
import { mkdtemp, writeFile } from "node:fs/promises";
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

  it("app deliveries failed reads REDIS_URL from .env, as app run does", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "deliveries-"));
    // Nothing listens on port 1: the command must get as far as asking that Redis.
    await writeFile(join(cwd, ".env"), "REDIS_URL=redis://127.0.0.1:1\n");
    const result = await runBin(["deliveries", "failed"], { cwd });
    expect(result.code, result.stderr).to.equal(1);
    expect(result.stderr).not.to.include("REDIS_URL is not set");
    expect(result.stderr).to.match(/Error: The delivery queue's Redis at .*127\.0\.0\.1:1.* did not answer/);
  });
});
