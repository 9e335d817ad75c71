// Running commands for the corpus: output to a log file, a time limit that ends the whole
// process group (jest and vitest start workers), and the exit status.
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

/**
 * Runs `command args` in `cwd`, appending its output to `logFile`.
 * Resolves `{ code, signal, timedOut, stdout }` (stdout kept only with `captureStdout`).
 */
export function run(command, args, { cwd, env, logFile, timeoutMs = 600_000, captureStdout = false }) {
  return new Promise((resolve) => {
    const log = createWriteStream(logFile, { flags: "a" });
    log.write(`\n$ (cd ${cwd} && ${[command, ...args].join(" ")})\n`);
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => {
      if (captureStdout) stdout += chunk;
      log.write(chunk);
    });
    child.stderr.on("data", (chunk) => log.write(chunk));
    let timedOut = false;
    // A command that cannot be started emits 'error' and then 'close': the log ends once.
    let ended = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      if (ended) return;
      ended = true;
      log.end(`\n[could not start ${command}: ${error.message}]\n`);
      resolve({ code: 127, signal: null, timedOut, stdout });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      // Workers left behind by a runner that exited still belong to the group.
      killGroup(child.pid);
      if (ended) return;
      ended = true;
      log.end(`\n[exit ${code ?? signal}${timedOut ? `, stopped after ${timeoutMs / 1000} s` : ""}]\n`, () =>
        resolve({ code, signal, timedOut, stdout }),
      );
    });
  });
}

function killGroup(pid) {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group is gone already.
  }
}
