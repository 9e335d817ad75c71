import { readFileSync, readdirSync } from "node:fs";
import { execFileSync } from "node:child_process";

/** Clock ticks per second of utime/stime in /proc/<pid>/stat (USER_HZ). */
export const CLOCK_TICKS = readClockTicks();

/**
 * Every pid in the tree rooted at `pid` (the process and its descendants),
 * so a server that forks a helper is charged for it too.
 *
 * @example
 * const pids = processTree(child.pid);
 */
export function processTree(pid) {
  const pids = [pid];
  for (let index = 0; index < pids.length && index < 64; index++) {
    for (const child of childrenOf(pids[index])) pids.push(child);
  }
  return pids;
}

/**
 * CPU time (user + system, all threads) of a process tree, in microseconds.
 *
 * @example
 * const before = cpuMicros(pid); await load(); const used = cpuMicros(pid) - before;
 */
export function cpuMicros(pid) {
  let ticks = 0;
  for (const each of processTree(pid)) {
    const stat = read(`/proc/${each}/stat`);
    if (!stat) continue;
    // Fields after the parenthesised command name; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1e6) / CLOCK_TICKS;
}

/**
 * Resident memory of a process tree in bytes: `rss` now (VmRSS) and `hwm`,
 * the lifetime peak (VmHWM).
 *
 * @example
 * const { rss, hwm } = memory(pid);
 */
export function memory(pid) {
  let rss = 0;
  let hwm = 0;
  for (const each of processTree(pid)) {
    const status = read(`/proc/${each}/status`);
    if (!status) continue;
    rss += kib(status, "VmRSS") * 1024;
    hwm += kib(status, "VmHWM") * 1024;
  }
  return { rss, hwm };
}

function childrenOf(pid) {
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = [];
  for (const task of tasks) {
    const list = read(`/proc/${pid}/task/${task}/children`);
    if (list) for (const id of list.trim().split(/\s+/)) if (id) children.push(Number(id));
  }
  return children;
}

function kib(status, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return match ? Number(match[1]) : 0;
}

function read(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined; // the process (or thread) ended between listing and reading
  }
}

function readClockTicks() {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100; // the Linux default
  }
}
