import { spawn } from "node:child_process";
import { AppError } from "../errors.js";
import { processEnv } from "../options/process-env.js";

export type InstallDependenciesOptions = {
  directory: string;
  /** Each line npm prints, as it comes: for showing progress. */
  onLine?: ((line: string) => void) | undefined;
  env?: NodeJS.ProcessEnv | undefined;
  /** Default 10 minutes. */
  timeoutMs?: number;
};

export function installDependencies({
  directory,
  onLine,
  env = processEnv(),
  timeoutMs = 600_000,
}: InstallDependenciesOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["install", "--no-audit", "--no-fund"], {
      cwd: directory,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      // npm is npm.cmd on Windows, which only a shell runs.
      shell: process.platform === "win32",
      timeout: timeoutMs,
    });
    const stdout = splitLines(onLine);
    const stderr = splitLines(onLine);
    child.stdout.on("data", stdout.push);
    child.stderr.on("data", stderr.push);
    const failed = (reason: string, cause?: unknown) =>
      new AppError("INSTALL_FAILED", `npm install ${reason} in ${directory}.`, {
        hint: `The app's files are in place: fix what npm reported, then run npm install in ${directory}.`,
        cause,
      });
    child.on("error", (error) => reject(failed(`could not start (${error.message})`, error)));
    child.on("close", (code, signal) => {
      stdout.flush();
      stderr.flush();
      if (code === 0) resolve();
      else reject(failed(signal ? `was stopped (${signal})` : `failed with exit code ${code}`));
    });
  });
}

function splitLines(onLine: ((line: string) => void) | undefined) {
  let rest = "";
  const emit = (line: string) => {
    if (line.trim() !== "") onLine?.(line);
  };
  return {
    push: (chunk: Buffer) => {
      const parts = (rest + chunk.toString("utf8")).split(/\r?\n/);
      rest = parts.pop() ?? "";
      parts.forEach(emit);
    },
    flush: () => {
      emit(rest);
      rest = "";
    },
  };
}
