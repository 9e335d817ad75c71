import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const RUN_JS = fileURLToPath(new URL("../../bin/run.js", import.meta.url));

export type SpawnAppOptions = {
  /** Arguments after the command: app paths and flags. */
  args: readonly string[];
  /** The `app` command to run. Default: `run`. */
  command?: string;
  /** The whole environment of the child besides PATH: nothing is inherited. */
  env?: Record<string, string>;
  cwd?: string;
  /** Wait for this in the output; its first group is the URL. Default: the listening line. */
  readyPattern?: RegExp;
  /** Default: 20 s. */
  timeoutMs?: number;
  /** Node's arguments instead of `bin/run.js <command>`, e.g. `["--import", "tsx", "fixture.ts"]`. */
  entry?: readonly string[];
};

export type ExitInfo = { code: number | null; signal: NodeJS.Signals | null };

export type SpawnedApp = {
  /** From the listening line, e.g. `http://127.0.0.1:41234`. */
  url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves once the output (both streams) matches `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): void;
  exit: Promise<ExitInfo>;
};

const LISTENING = /listening on (http:\/\/\S+)/;

/**
 * Starts `node bin/run.js run ...args` (the built CLI) with only PATH and
 * `env` set, and resolves once it logs where it listens. Rejects, with the
 * output, when the process exits or the timeout passes first.
 *
 * @example
 * const child = await spawnApp({ args: ["test/fixtures/apps/comment.js"], env: { APP_ID: "1", ... } });
 * child.kill("SIGTERM");
 * expect((await child.exit).code).to.equal(0);
 */
export async function spawnApp({
  args,
  command = "run",
  env = {},
  cwd,
  readyPattern = LISTENING,
  timeoutMs = 20_000,
  entry,
}: SpawnAppOptions): Promise<SpawnedApp> {
  const child = spawn(process.execPath, [...(entry ?? [RUN_JS, command]), ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((check) => check());
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += stripAnsi(chunk.toString("utf8"));
    notify();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += stripAnsi(chunk.toString("utf8"));
    notify();
  });
  const exit = new Promise<ExitInfo>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let exited: ExitInfo | undefined;
  void exit.then((info) => {
    exited = info;
    notify();
  });

  const waitForOutput = (pattern: RegExp, ms = timeoutMs): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`No output matching ${pattern} within ${ms} ms.\n${describe()}`)),
        ms,
      );
      const check = () => {
        if (pattern.test(stdout + stderr)) finish();
        else if (exited)
          finish(new Error(`The process exited (${JSON.stringify(exited)}) before ${pattern}.\n${describe()}`));
      };
      const finish = (error?: Error) => {
        clearTimeout(timer);
        waiters.delete(check);
        if (error) reject(error);
        else resolve();
      };
      waiters.add(check);
      check();
    });
  const describe = () => `stdout:\n${stdout}\nstderr:\n${stderr}`;

  try {
    await waitForOutput(readyPattern);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    url: readyPattern.exec(stdout + stderr)?.[1] ?? "",
    stdout: () => stdout,
    stderr: () => stderr,
    waitForOutput,
    kill: (signal = "SIGTERM") => void child.kill(signal),
    exit,
  };
}

/**
 * Runs `bin/run.js <command> ...args` (`run` by default) to its end (for runs that exit by themselves),
 * killing it after `timeoutMs`.
 *
 * @example
 * const { code, stderr } = await runToExit({ args: ["./index.js"], env: { NODE_ENV: "production" } });
 */
export async function runToExit(
  options: Omit<SpawnAppOptions, "readyPattern">,
): Promise<ExitInfo & { stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [RUN_JS, options.command ?? "run", ...options.args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += stripAnsi(chunk.toString("utf8"))));
  child.stderr.on("data", (chunk: Buffer) => (stderr += stripAnsi(chunk.toString("utf8"))));
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 20_000);
  const { code, signal } = await new Promise<ExitInfo>((resolve) =>
    child.once("close", (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal })),
  );
  clearTimeout(timer);
  return { code, signal, stdout, stderr };
}

function stripAnsi(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}
