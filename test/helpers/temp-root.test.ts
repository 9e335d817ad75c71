import { expect } from "chai";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// A test run leaves nothing in the temporary folder it was given (test/helpers/temp-root.ts).
describe("the tests' temporary folders", () => {
  it("are all removed when mocha exits, those of child processes too", async () => {
    const given = await mkdtemp(join(tmpdir(), "temp-root-"));
    const probe = join(given, "probe.test.mjs");
    await writeFile(
      probe,
      [
        'import { execFileSync } from "node:child_process";',
        'import { mkdtempSync, writeFileSync } from "node:fs";',
        'import { tmpdir } from "node:os";',
        'import { join } from "node:path";',
        'it("makes temporary folders", () => {',
        '  const own = mkdtempSync(join(tmpdir(), "own-"));',
        '  writeFileSync(join(own, "file"), "x".repeat(1000));',
        "  const child = execFileSync(process.execPath, [",
        '    "-e",',
        "    \"const f = require('node:fs'); const d = f.mkdtempSync(require('node:path').join(require('node:os').tmpdir(), 'child-')); f.writeFileSync(d + '/file', 'y'); console.log(d)\",",
        '  ], { encoding: "utf8" }).trim();',
        '  console.log("MADE " + own + " " + child);',
        "});",
      ].join("\n"),
    );
    const { stdout } = await promisify(execFile)("npx", ["mocha", probe], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: given },
    });
    const made = /MADE (\S+) (\S+)/.exec(stdout);
    expect(made, stdout).not.to.equal(null);
    for (const folder of made!.slice(1)) {
      expect(relative(given, folder).startsWith(".."), `${folder} is outside ${given}`).to.equal(false);
      expect(existsSync(folder), `${folder} is still there`).to.equal(false);
    }
    // Only the probe the test wrote itself is left, and tsx's compile cache (made before any test
    // code runs, and reused from run to run).
    const left = (await readdir(given)).filter((name) => !name.startsWith("tsx-"));
    expect(left).to.deep.equal(["probe.test.mjs"]);
  });
});
