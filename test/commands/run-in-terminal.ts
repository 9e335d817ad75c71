import { execFile } from "node:child_process";
import { bareEnv } from "../helpers/child-env.js";
import { BIN } from "./run-bin.js";

/** Wait until the screen shows `expect` (a regular expression), then type `send`. */
export type TerminalStep = { expect: string; send: string };

export type TerminalResult = { code: number; output: string };

// A tiny "expect" on Python's pty module: the command sees a real terminal.
// Every wait is bounded; on a timeout the child is killed and 124 returned.
const DRIVER = String.raw`
import fcntl, json, os, pty, re, select, signal, struct, sys, termios, time
steps = json.loads(sys.argv[1])
timeout = float(sys.argv[2])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[3], sys.argv[3:])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))
ansi = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")
out = b""
seen = 0
def read(deadline):
    global out
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            out += chunk
            return True
    return None
def finish(code):
    sys.stdout.write(ansi.sub(b"", out).decode("utf8", "replace"))
    sys.exit(code)
for step in steps:
    pattern = re.compile(step["expect"].encode())
    deadline = time.time() + timeout
    while True:
        match = pattern.search(ansi.sub(b"", out), seen)
        if match:
            seen = match.end()
            break
        if read(deadline) is not True:
            os.kill(pid, signal.SIGKILL)
            sys.stderr.write("timed out or ended waiting for " + step["expect"] + "\n")
            finish(124)
    time.sleep(0.05)
    os.write(fd, step["send"].encode())
deadline = time.time() + timeout
while read(deadline) is True:
    pass
if time.time() >= deadline:
    os.kill(pid, signal.SIGKILL)
_, status = os.waitpid(pid, 0)
finish(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8)
`;

/**
 * Runs `node bin/run.js ...args` (or `command ...args`) in a pseudo-terminal and
 * answers its questions: each step waits for a pattern, then types. Resolves
 * with the exit code and everything the terminal showed (colours removed).
 *
 * @example
 * const { code, output } = await runInTerminal(["setup"], [{ expect: "App ID", send: "123\r" }], { cwd });
 */
export function runInTerminal(
  args: readonly string[],
  steps: readonly TerminalStep[],
  {
    cwd,
    env = {},
    stepTimeoutSeconds = 30,
    command = [process.execPath, BIN],
  }: { cwd: string; env?: NodeJS.ProcessEnv; stepTimeoutSeconds?: number; command?: readonly string[] },
): Promise<TerminalResult> {
  const base = bareEnv({ TERM: "xterm-256color", NO_COLOR: "1" });
  return new Promise((resolve) => {
    execFile(
      "python3",
      ["-c", DRIVER, JSON.stringify(steps), String(stepTimeoutSeconds), ...command, ...args],
      { cwd, env: { ...base, ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, output: stdout + stderr });
      },
    );
  });
}
