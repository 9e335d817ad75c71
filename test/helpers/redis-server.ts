import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

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
};

/**
 * Starts a real `redis-server` (the Debian package) on a free port of
 * 127.0.0.1, without persistence; stop it when done.
 */
export async function startRedisServer({ password }: RedisServerOptions = {}): Promise<RedisServer> {
  const port = await freePort();
  const auth = password === undefined ? [] : ["--requirepass", password];
  let child: ChildProcess | undefined;

  async function start(): Promise<void> {
    if (child && child.exitCode === null) return;
    const started = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...auth],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child = started;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("redis-server did not start within 10 s")), 10_000);
      started.once("error", (error) => {
        clearTimeout(timer);
        reject(new Error(`Cannot run redis-server (${error.message}); install the Debian package redis-server.`));
      });
      started.stdout!.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("Ready to accept connections")) {
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
