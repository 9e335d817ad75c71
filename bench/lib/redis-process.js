import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:net";
import { track } from "./children.js";

/**
 * A throw-away `redis-server` on a free loopback port, without persistence,
 * for the queue-mode rows. Undefined when redis-server is not installed.
 *
 * @example
 * const redis = await startRedis(); redis.depth("deliveries-api.github.com_1"); await redis.stop();
 */
export async function startRedis() {
  const port = await freePort();
  let child;
  try {
    child = track(
      spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
        stdio: ["ignore", "pipe", "ignore"],
      }),
    );
  } catch {
    return undefined;
  }
  const ready = await new Promise((resolve) => {
    child.once("error", () => resolve(false));
    child.stdout.on("data", (chunk) => {
      if (String(chunk).includes("Ready to accept connections")) resolve(true);
    });
    setTimeout(() => resolve(false), 10_000).unref();
  });
  if (!ready) return undefined;
  const cli = (...args) => execFileSync("redis-cli", ["-p", String(port), ...args], { encoding: "utf8" }).trim();
  return {
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    /** Deliveries waiting in the app's queue. */
    waiting: () => Number(cli("LLEN", "gh-app-kit:bull:deliveries-api.github.com_1:wait")),
    flush: () => cli("FLUSHALL"),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGKILL");
      }),
  };
}

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
