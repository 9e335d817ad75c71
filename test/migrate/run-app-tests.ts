import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

export type StepResult = { command: string; code: number; output: string };

/** One test of the app's own suite: its name and whether it passed, from node:test's TAP output. */
export type TestOutcome = { name: string; ok: boolean };

/** Where `npm install` in a fixture failed for want of a network, not for a fault of ours. */
export const OFFLINE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH/;

/**
 * Runs a shell command in `cwd` with the app's node_modules/.bin first on
 * PATH, as npm does for scripts; resolves with its exit code and output.
 */
export function runStep(command: string, cwd: string, timeoutMs: number): Promise<StepResult> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${join(cwd, "node_modules", ".bin")}:${process.env.PATH ?? ""}`,
    NO_COLOR: "1",
  };
  delete env.NODE_OPTIONS; // mocha's tsx loader must not reach the app's own runner
  return new Promise((resolve) => {
    execFile(
      "sh",
      ["-c", command],
      { cwd, env, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ command, code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/**
 * Runs the steps of the app's `npm test` script (split on `&&`) one after
 * the other, all of them, so a failed type-check still lets the tests run
 * (tsc writes its output anyway) and both can be judged apart.
 */
export async function runAppTests(
  cwd: string,
  timeoutMs: number,
): Promise<{ steps: StepResult[]; tests: TestOutcome[] }> {
  const manifest = JSON.parse(await readFile(join(cwd, "package.json"), "utf8")) as { scripts: { test: string } };
  const steps: StepResult[] = [];
  for (const command of manifest.scripts.test.split("&&").map((part) => part.trim())) {
    steps.push(await runStep(command, cwd, timeoutMs));
  }
  const tests = steps.flatMap((step) => parseTap(step.output));
  return { steps, tests };
}

/** `ok 1 - name` / `not ok 2 - name` lines at any depth (suites included). */
export function parseTap(output: string): TestOutcome[] {
  return [...output.matchAll(/^\s*(not )?ok \d+ - (.+)$/gm)].map((match) => ({
    name: (match[2] as string).trim(),
    ok: !match[1],
  }));
}
