import { cpus, loadavg, release, totalmem } from "node:os";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * What the numbers were measured on: cores, CPU model, memory, kernel, node.
 *
 * @example
 * const machine = describeMachine(); // { cores: 2, cpu: "Intel(R) Xeon(R) Processor", ... }
 */
export function describeMachine() {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    kernel: release(),
    node: process.version,
    loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
  };
}

/**
 * How late a 1 ms timer of this idle process fires over `ms` milliseconds,
 * before any load: the stalls the machine itself (the hypervisor, other
 * guests) adds to every process, and so to every latency measured here.
 *
 * @example
 * await measureStalls(5000); // { p99: 41, max: 59 } (ms)
 */
export async function measureStalls(ms) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  await sleep(ms);
  delay.disable();
  return { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
}

/**
 * System-wide CPU counters from /proc/stat, to report how much time the
 * hypervisor stole and how busy the machine was between two readings.
 *
 * @example
 * const before = readCpuCounters(); ...; const { stealPercent } = cpuShare(before, readCpuCounters());
 */
export function readCpuCounters() {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0];
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
}

/**
 * Steal and busy time between two `readCpuCounters()` readings, in percent.
 *
 * @example
 * cpuShare(before, readCpuCounters()); // { stealPercent: 0.2, busyPercent: 97 }
 */
export function cpuShare(before, after) {
  const busy = after.busy - before.busy;
  const idle = after.idle - before.idle;
  const steal = after.steal - before.steal;
  const total = busy + idle + steal || 1;
  return { stealPercent: (100 * steal) / total, busyPercent: (100 * busy) / total };
}

/**
 * The commit the framework was built from, and whether its sources had
 * uncommitted changes on top.
 *
 * @example
 * describeCheckout(repo); // { root: "/work/main", commit: "706c367", dirty: false }
 */
export function describeCheckout(root) {
  const git = (...args) =>
    execFileSync("git", ["-C", root, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    const commit = git("rev-parse", "--short", "HEAD");
    return {
      root,
      commit,
      dirty:
        git("status", "--porcelain", "--untracked-files=no", "--", "src", "commands", "bin", "package.json") !== "",
    };
  } catch {
    return { root, commit: undefined, dirty: undefined };
  }
}
