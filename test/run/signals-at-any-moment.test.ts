import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { getTestKeys } from "../helpers/keys.js";
import { freePort, startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { RUN_JS } from "../helpers/spawn-app.js";
import { TEST_SECRET } from "../helpers/test-app.js";

const APP = fileURLToPath(new URL("../fixtures/apps/comment.js", import.meta.url));

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** When to send the signal, measured from the spawn. */
type Moment =
  { after: "spawn"; ms: number } | { after: "catching"; ms: number } | { after: "first-connection"; ms: number };

type Outcome = { code: number | null; signal: string | null; output: string; sentAfterMs: number };

async function signalAt(
  command: "run" | "worker",
  env: Record<string, string>,
  moment: Moment,
  signal: "SIGTERM" | "SIGINT",
): Promise<Outcome> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [RUN_JS, command, APP], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("exit", (code, exitSignal) => resolve({ code, signal: exitSignal })),
  );
  let exited = false;
  void exit.then(() => (exited = true));
  const deadline = started + 20_000;
  if (moment.after === "first-connection") {
    const port = Number(env.PORT);
    while (!exited && !(await accepts(port)) && performance.now() < deadline) await sleep(1);
  }
  if (moment.ms > 0) await sleep(moment.ms);
  const sentAfterMs = Math.round(performance.now() - started);
  child.kill(signal);
  const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const result = await exit;
  clearTimeout(killer);
  return { ...result, output, sentAfterMs };
}

/**
 * From 300 ms after the spawn, every 100 ms while the command loads, starts
 * and listens; with a port, also at its first accepted connection and just
 * after. (Before Node runs any JavaScript, 50 to 150 ms here, a signal kills
 * it by Node's own default: no code can catch it that early.)
 */
function moments(withPort: boolean): Moment[] {
  return [
    ...(withPort ? [0, 1, 5, 20].map((ms): Moment => ({ after: "first-connection", ms })) : []),
    ...Array.from({ length: 13 }, (_, i): Moment => ({ after: "spawn", ms: 300 + i * 100 })),
  ];
}

function describeMoment(moment: Moment): string {
  return `${moment.ms} ms after ${moment.after === "spawn" ? "the spawn" : "its first accepted connection"}`;
}

describe("a signal at any moment of the start-up", function () {
  this.timeout(300_000);
  const credentials = () => ({
    APP_ID: "1",
    PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
    WEBHOOK_SECRET: TEST_SECRET,
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
  });

  it("app run exits 0, never by the signal", async () => {
    const failures: string[] = [];
    for (const moment of moments(true)) {
      for (const signal of ["SIGTERM", "SIGINT"] as const) {
        const env = { ...credentials(), PORT: String(await freePort()) };
        const outcome = await signalAt("run", env, moment, signal);
        if (outcome.code !== 0) {
          failures.push(
            `${signal} ${describeMoment(moment)} (sent at ${outcome.sentAfterMs} ms): ` +
              `exit ${outcome.code} / ${outcome.signal}\n${outcome.output.slice(-600)}`,
          );
        }
      }
    }
    expect(failures, failures.join("\n\n")).to.deep.equal([]);
  });

  describe("app worker, with a real redis-server", () => {
    let redis: RedisServer;
    before(async () => {
      redis = await startRedisServer();
      await redis.start();
    });
    after(() => redis.stop());

    it("exits 0, never by the signal", async () => {
      const failures: string[] = [];
      for (const [index, moment] of moments(false).entries()) {
        const signal = index % 2 === 0 ? "SIGTERM" : "SIGINT";
        const outcome = await signalAt("worker", { ...credentials(), REDIS_URL: redis.url }, moment, signal);
        if (outcome.code !== 0) {
          failures.push(
            `${signal} ${describeMoment(moment)} (sent at ${outcome.sentAfterMs} ms): ` +
              `exit ${outcome.code} / ${outcome.signal}\n${outcome.output.slice(-600)}`,
          );
        }
      }
      expect(failures, failures.join("\n\n")).to.deep.equal([]);
    });
  });
});
