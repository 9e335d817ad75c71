import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { bareEnv } from "../helpers/child-env.js";

/** The built executable: `npm run build` (run by `pretest`) must have written dist/. */
export const BIN = fileURLToPath(new URL("../../bin/run.js", import.meta.url));
const BUILT = fileURLToPath(new URL("../../dist/node/commands", import.meta.url));

export type BinResult = { code: number; stdout: string; stderr: string };

export type RunBinOptions = {
  cwd: string;
  /** Added to a bare environment (test/helpers/child-env.ts), so the machine's variables cannot leak in. */
  env?: NodeJS.ProcessEnv;
  /** Default 60 s. */
  timeoutMs?: number;
};

/**
 * Runs `node bin/run.js ...args` and resolves with its exit code and output,
 * whatever the code.
 *
 * @example
 * const { code, stderr } = await runBin(["receive", "-e", "push"], { cwd });
 */
export function runBin(
  args: readonly string[],
  { cwd, env = {}, timeoutMs = 60_000 }: RunBinOptions,
): Promise<BinResult> {
  if (!existsSync(BUILT)) throw new Error("dist/node/commands is missing: run `npm run build` before these tests.");
  const base = bareEnv({ NO_COLOR: "1" });
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd, env: { ...base, ...env }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * Output as one line: oclif wraps long warnings and errors to the terminal's width (80 columns
 * without one) and starts each continued line with " ›   ", so a long path moves the breaks.
 */
export function oneLine(text: string): string {
  return text.replace(/\n\s*›\s+/g, " ").replace(/\s+/g, " ");
}
