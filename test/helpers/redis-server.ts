import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type RedisServer = {
  port: number;
  url: string;
  /** Deletes every key (between tests). */
  flush(): Promise<void>;
  /** Every key, for checking names. */
  keys(): Promise<string[]>;
  /** Freezes the server (SIGSTOP): sockets stay open, nothing answers. */
  freeze(): void;
  /** Thaws a frozen server (SIGCONT). */
  thaw(): void;
  /** Stops the server; `start()` brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
};

/** A free TCP port on 127.0.0.1 (redis-server cannot listen on port 0). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type RedisServerOptions = {
  /** Sets `requirepass`: clients must authenticate (`url` then carries it). */
  password?: string;
  /** `--appendonly yes` (in a temporary folder, kept across `stop()` and `start()`, removed when the test process exits). Default: no persistence at all. */
  appendonly?: boolean;
  /** Disables CONFIG (`--rename-command CONFIG ""`), as managed Redis services do. */
  noConfigCommand?: boolean;
  /** How long `start()` waits for "Ready to accept connections". Default: 10 s. */
  readyTimeoutMs?: number;
};

/**
 * Starts a real `redis-server` (the Debian package) on a free port of
 * 127.0.0.1, without persistence; stop it when done.
 */
export async function startRedisServer({
  password,
  appendonly = false,
  noConfigCommand = false,
  readyTimeoutMs = 10_000,
}: RedisServerOptions = {}): Promise<RedisServer> {
  const port = await freePort();
  const auth = password === undefined ? [] : ["--requirepass", password];
  const dir = appendonly ? mkdtempSync(join(tmpdir(), "redis-aof-")) : undefined;
  if (dir !== undefined) process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const extra = [
    ...(dir === undefined ? ["--appendonly", "no"] : ["--appendonly", "yes", "--dir", dir]),
    ...(noConfigCommand ? ["--rename-command", "CONFIG", ""] : []),
  ];
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    if (child && child.exitCode === null) return;
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...extra, ...auth],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child = started;
    let output = "";
    await new Promise<void>((resolve, reject) => {
      // A server that is not ready is ended: left running, it would keep mocha from exiting.
      const giveUp = (error: Error) => {
        clearTimeout(timer);
        started.kill("SIGKILL");
        reject(error);
      };
      const timer = setTimeout(
        () => giveUp(new Error(`redis-server did not start within ${readyTimeoutMs} ms:\n${output}`)),
        readyTimeoutMs,
      );
      started.once("error", (error) => {
        giveUp(new Error(`Cannot run redis-server (${error.message}); install the Debian package redis-server.`));
      });
      started.once("exit", (code) =>
        giveUp(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)),
      );
      started.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.kill("SIGKILL");
    });
  }

  async function command<T>(run: (client: import("ioredis").Redis) => Promise<T>): Promise<T> {
    const { Redis } = await import("ioredis");
    const client = new Redis(port, "127.0.0.1", { lazyConnect: true, ...(password === undefined ? {} : { password }) });
    try {
      await client.connect();
      return await run(client);
    } finally {
      client.disconnect();
    }
  }

  await start();
  return {
    port,
    url: `redis://${password === undefined ? "" : `:${encodeURIComponent(password)}@`}127.0.0.1:${port}`,
    stop,
    start,
    flush: () => command((client) => client.flushall()).then(() => undefined),
    keys: () => command((client) => client.keys("*")),
    freeze: () => void child?.kill("SIGSTOP"),
    thaw: () => void child?.kill("SIGCONT"),
  };
}
