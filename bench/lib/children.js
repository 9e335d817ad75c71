// Every child process the harness starts, so all of them end with it: on a
// normal exit, an error, or Ctrl-C.
const children = new Set();

/**
 * Tracks `child` until it exits; it is killed if the harness stops first.
 *
 * @example
 * track(spawn(process.execPath, ["server.js"]));
 */
export function track(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/**
 * Kills every tracked child that is still running (SIGKILL: the harness is
 * leaving and will not wait).
 *
 * @example
 * process.on("exit", killAll);
 */
export function killAll() {
  for (const child of children) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
  children.clear();
}

process.on("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}
