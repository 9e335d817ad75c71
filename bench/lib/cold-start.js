import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { track } from "./children.js";

const RUN_TIMEOUT_MS = 30_000;

/**
 * The CLI commands timed from a cold start, each against the same `node`.
 * `receive` delivers one payload to the no-op app, which marks a file, so a
 * run only counts when the handler ran exactly once.
 *
 * @example
 * const commands = listCliCommands({ bench, appRoot, payloadFile });
 */
export function listCliCommands({ bench, appRoot, payloadFile }) {
  const app = join(appRoot, "bin/run.js");
  const probot = join(bench, "node_modules/probot/bin/probot.js");
  const appBuilt = (command) => (existsSync(join(appRoot, `dist/commands/${command}.js`)) ? undefined : `dist/commands/${command}.js is missing`);
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
    { id: "probot-version", label: "`probot --version`", args: [probot, "--version"] },
    {
      id: "probot-receive",
      label: "`probot receive -e issues -p payload.json probot-noop.js`",
      args: [probot, "receive", "-e", "issues", "-p", payloadFile, join(bench, "apps/probot-noop.js")],
      handler: true,
    },
  ];
}

/**
 * Runs `command` `runs` times in a row (after one unmeasured run that warms
 * the file cache) and returns the median wall time in ms, plus a failure
 * when a run exits non-zero or its handler did not run exactly once.
 *
 * @example
 * const { medianMs } = await timeCommand(command, { cwd: bench, env, runs: 10, markFile });
 */
export async function timeCommand(command, { cwd, env, runs, markFile }) {
  const times = [];
  for (let run = 0; run <= runs; run++) {
    rmSync(markFile, { force: true });
    const started = process.hrtime.bigint();
    const { code, output } = await exec(command.args, { cwd, env: { ...env, BENCH_MARK_FILE: markFile } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (code !== 0) return { failure: `exited ${code}: ${output.trim().split("\n").slice(-3).join(" / ")}` };
    const marks = existsSync(markFile) ? readFileSync(markFile, "utf8").length : 0;
    if (command.handler && marks !== 1) return { failure: `the handler ran ${marks} times, not once` };
    if (run > 0) times.push(ms);
  }
  rmSync(markFile, { force: true });
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)], minMs: times[0], times };
}

function exec(args, { cwd, env }) {
  return new Promise((resolve) => {
    const child = track(spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] }));
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
