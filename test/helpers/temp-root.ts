// Loaded by mocha before any test (.mocharc.json "require"). Every temporary folder a test run
// makes, its own and those of the processes it starts (npm, the CLI, the runtimes), goes into one
// folder of the run's, removed when mocha's process exits. Tests that install apps from the packed
// tarball leave a few hundred MB each; left in the system's temporary folder, run after run, they
// filled the disk until CI failed with ENOSPC.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MARK = "GH_APP_KIT_TEST_TEMP_ROOT";

/**
 * The run's own temporary folder; os.tmpdir() returns it from now on, here and in every child. A
 * mocha process started inside it (the workers of parallel mode, which load this file too) uses
 * it as it is: nested folders made paths too long for a Unix socket (Chromium's, 108 bytes).
 */
const inherited = process.env[MARK] !== undefined && process.env[MARK] === tmpdir();
export const TEMP_ROOT = inherited ? tmpdir() : mkdtempSync(join(tmpdir(), "gh-app-kit-tests-"));
process.env.TMPDIR = TEMP_ROOT;
process.env[MARK] = TEMP_ROOT;

// The process that made it removes it, after its workers have ended.
if (!inherited) {
  process.on("exit", () => {
    try {
      rmSync(TEMP_ROOT, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      // A folder still busy is left behind, said once, rather than ending the run with a stack trace.
      console.error(`Could not remove the tests' temporary folder ${TEMP_ROOT}: ${String(error)}`);
    }
  });
}
