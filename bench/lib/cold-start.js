import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { track } from "./children.js";

const RUN_TIMEOUT_MS = 30_000;
// GNU time gives each run's user+sys CPU time, steadier than wall time on a
// busy machine; without it only wall time is reported.
const TIME = "/usr/bin/time";

/**
 * The CLI commands timed from a cold start, each against the same `node`.
 * `receive` delivers one payload to the no-op app, which marks a file, so a
 * run only counts when the handler ran exactly once.
 *
 * With `compareRoot` (another built checkout, e.g. main's), its `app --version`
 * and `app receive` are timed too, for a before/after in the same run.
 *
 * @example
 * const commands = listCliCommands({ bench, appRoot, payloadFile });
 */
export function listCliCommands({ bench, appRoot, payloadFile, compareRoot }) {
  const app = join(appRoot, "bin/run.js");
  const probot = join(bench, "node_modules/probot/bin/probot.js");
  const appBuilt = (command) =>
    existsSync(join(appRoot, `dist/commands/${command}.js`)) ? undefined : `dist/commands/${command}.js is missing`;
  const probotMissing = existsSync(probot) ? undefined : "bench/node_modules has no probot (npm ci --prefix bench)";
  const compare = compareRoot
    ? [
        {
          id: "before-version",
          label: `\`app --version\` of ${compareRoot}`,
          args: [join(compareRoot, "bin/run.js"), "--version"],
        },
        {
          id: "before-receive",
          label: `\`app receive …\` of ${compareRoot}`,
          args: [
            join(compareRoot, "bin/run.js"),
            "receive",
            "-e",
            "issues.opened",
            "-p",
            payloadFile,
            join(bench, "apps/noop.js"),
          ],
          handler: true,
        },
      ]
    : [];
  return [
    { id: "node", label: "`node -e ''` (floor)", args: ["-e", ""] },
    { id: "app-version", label: "`app --version`", args: [app, "--version"] },
    {
      id: "app-receive",
      label: "`app receive -e issues.opened -p payload.json noop.js`",
      args: [app, "receive", "-e", "issues.opened", "-p", payloadFile, join(bench, "apps/noop.js")],
      handler: true,
      missing: appBuilt("receive"),
    },
    { id: "probot-version", label: "`probot --version`", args: [probot, "--version"], unavailable: probotMissing },
    {
      id: "probot-receive",
      label: "`probot receive -e issues -p payload.json probot-noop.js`",
      args: [probot, "receive", "-e", "issues", "-p", payloadFile, join(bench, "apps/probot-noop.js")],
      handler: true,
      unavailable: probotMissing,
    },
    ...compare,
  ];
}

/**
 * Times every command from a cold start: one unmeasured run of each (it
 * warms the file cache), then `runs` rounds in which every command runs once,
 * in an order that rotates each round, so the machine's drift falls on all
 * of them alike. Returns, by command id, the median and lowest wall time in
 * ms (and of user+sys CPU time, `medianCpuMs`, where GNU time is installed), or a failure when a run exits non-zero or its handler did not run
 * exactly once (that command is then left out of later rounds).
 *
 * @example
 * const timings = await timeCommands(commands, { cwd: bench, env, runs: 10, markFile });
 * timings.get("app-receive"); // { medianMs: 471, minMs: 333, times: [...] }
 */
export async function timeCommands(commands, { cwd, env, runs, markFile, progress }) {
  const timings = new Map(commands.map((command) => [command.id, { times: [] }]));
  const live = () => commands.filter((command) => !timings.get(command.id).failure);
  for (let round = 0; round <= runs; round++) {
    const order = live();
    for (let turn = 0; turn < order.length; turn++) {
      const command = order[(round + turn) % order.length];
      const timing = timings.get(command.id);
      const result = await timeOnce(command, { cwd, env, markFile });
      if (result.failure) timing.failure = result.failure;
      else if (round > 0) {
        timing.times.push(result.ms);
        if (result.cpuMs !== undefined) (timing.cpuTimes ??= []).push(result.cpuMs);
      }
    }
  }
  for (const [id, timing] of timings) {
    if (timing.failure) continue;
    timing.times.sort((a, b) => a - b);
    timing.medianMs = timing.times[Math.floor(timing.times.length / 2)];
    timing.minMs = timing.times[0];
    if (timing.cpuTimes?.length === timing.times.length) {
      timing.cpuTimes.sort((a, b) => a - b);
      timing.medianCpuMs = timing.cpuTimes[Math.floor(timing.cpuTimes.length / 2)];
    }
    progress?.(`${id}: ${timing.medianMs.toFixed(0)} ms`);
  }
  return timings;
}

async function timeOnce(command, { cwd, env, markFile }) {
  rmSync(markFile, { force: true });
  const started = process.hrtime.bigint();
  const cpuFile = existsSync(TIME) ? `${markFile}.cpu` : undefined;
  const { code, output } = await exec(command.args, { cwd, env: { ...env, BENCH_MARK_FILE: markFile }, cpuFile });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const cpuMs = cpuFile && readCpuMs(cpuFile);
  const marks = existsSync(markFile) ? readFileSync(markFile, "utf8").length : 0;
  rmSync(markFile, { force: true });
  if (code !== 0) return { failure: `exited ${code}: ${output.trim().split("\n").slice(-3).join(" / ")}` };
  if (command.handler && marks !== 1) return { failure: `the handler ran ${marks} times, not once` };
  return { ms, cpuMs };
}

/** "0.08 0.02" (user and system seconds, from GNU time's -o file) as ms. */
function readCpuMs(file) {
  if (!existsSync(file)) return undefined;
  const [user, system] = readFileSync(file, "utf8").trim().split("\n").pop().split(" ").map(Number);
  rmSync(file, { force: true });
  return Number.isFinite(user + system) ? (user + system) * 1000 : undefined;
}

function exec(args, { cwd, env, cpuFile }) {
  const [file, argv] = cpuFile
    ? [TIME, ["-f", "%U %S", "-o", cpuFile, process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((resolve) => {
    const child = track(spawn(file, argv, { cwd, env, stdio: ["ignore", "pipe", "pipe"] }));
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal, output });
    });
  });
}
