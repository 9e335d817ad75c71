import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { track } from "./children.js";

const START_TIMEOUT_MS = 30_000;

/**
 * Starts one server under test in its own process on a free loopback port
 * and waits until it accepts connections and its handler counter answers.
 *
 * @example
 * const server = await startServer(def, { cwd: bench, env, logDir, logLevel: "warn" });
 * const handled = await server.count(); await server.stop();
 */
export async function startServer(def, { cwd, env, logDir, logLevel }) {
  const port = await freePort();
  const tag = `${def.id}-${logLevel}`;
  const countFile = join(logDir, `${tag}.count-port`);
  const logFile = join(logDir, `${tag}.log`);
  rmSync(countFile, { force: true }); // a stale one from an earlier run names a dead port
  const out = openSync(logFile, "w");
  const child = track(
    spawn(process.execPath, def.args, {
      cwd,
      env: {
        ...env,
        ...def.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: logLevel,
        BENCH_COUNT_FILE: countFile,
      },
      stdio: ["ignore", out, out],
    }),
  );
  closeSync(out);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const started = Date.now();
  const fail = (why) => new Error(`${def.label} ${why}. Its output:\n${tail(logFile)}`);
  let countPort;
  while (countPort === undefined || !(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw fail(`exited during start-up (${child.exitCode ?? child.signalCode})`);
    if (Date.now() - started > START_TIMEOUT_MS) {
      child.kill("SIGKILL");
      throw fail(`did not listen on 127.0.0.1:${port} within ${START_TIMEOUT_MS / 1000} s`);
    }
    if (countPort === undefined && existsSync(countFile))
      countPort = Number(readFileSync(countFile, "utf8")) || undefined;
    await sleep(50);
  }
  return {
    def,
    pid: child.pid,
    url: `http://127.0.0.1:${port}/api/github/webhooks`,
    logFile,
    startMs: Date.now() - started,
    count: () => readCount(countPort),
    stop: () => stop(child, exited),
  };
}

async function stop(child, exited) {
  if (child.exitCode !== null || child.signalCode !== null) return exited;
  child.kill("SIGTERM");
  const result = await Promise.race([exited, sleep(5000).then(() => undefined)]);
  if (result) return result;
  child.kill("SIGKILL");
  return exited;
}

async function readCount(port) {
  const response = await fetch(`http://127.0.0.1:${port}/`);
  return Number(await response.text());
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A port that was free a moment ago; the child binds it right after. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function tail(file) {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-15).join("\n");
  } catch {
    return "(no output)";
  }
}
