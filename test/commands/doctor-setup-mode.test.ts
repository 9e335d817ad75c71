import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { runToExit } from "../helpers/spawn-app.js";

// A new project before its setup: `app run` starts in setup mode there, so
// the doctor must say that, and write commands as the project runs them.
describe("app doctor before the setup", function () {
  this.timeout(60_000);

  it("says app run starts in setup mode, and names npx app commands", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "doctor-setup-"));
    try {
      const result = await runToExit({ command: "doctor", args: [], env: { HOME: cwd }, cwd });
      expect(result.code).to.equal(1);
      const lines = result.stdout.trim().split("\n");
      expect(lines.at(-1)).not.to.include("will not work as configured");
      expect(lines.at(-1)).to.match(/setup mode/);
      expect(lines.at(-1)).to.include("`npx app setup`");
      expect(result.stdout).not.to.match(/(^|[^x] )`app (setup|run|doctor)/m);
      expect(result.stdout).to.include("Run `npx app setup`");
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
