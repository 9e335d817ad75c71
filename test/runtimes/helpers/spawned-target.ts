import { spawn } from "node:child_process";
import type { Target } from "./runtime-cases.js";

export type SpawnOptions = {
  cwd: string;
  env: Record<string, string>;
  /** Finds the URL the process listens on in what it printed so far. */
  url: (output: string) => string | undefined;
  startMs?: number;
};

/** Starts a server process and resolves once it printed its URL; `send()` fetches from it. */
export async function spawnTarget(command: string, args: string[], options: SpawnOptions): Promise<Target> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const url = await new Promise<string>((resolve, reject) => {
    // A process that does not start in time is ended: left running, it would keep mocha from exiting.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no URL after ${options.startMs ?? 60_000} ms:\n${output}`));
    }, options.startMs ?? 60_000);
    const check = () => {
      const found = options.url(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout.on("data", check);
    child.stderr.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    send: async (request) => {
      const { pathname, search } = new URL(request.url);
      // The body as bytes, sent with a Content-Length as GitHub sends deliveries (a Request made from
      // another streams it chunked, which a proxying host such as Vercel's dev server refuses).
      const body = request.body === null ? null : await request.arrayBuffer();
      const init = { method: request.method, headers: request.headers, body };
      return fetch(new URL(pathname + search, url), init).catch((error: unknown) => {
        throw new Error(`${String(error)}\n--- runtime output ---\n${output}`, { cause: error });
      });
    },
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The first http://127.0.0.1:<port> or http://localhost:<port> a process printed. */
export function firstUrl(output: string): string | undefined {
  return /http:\/\/(?:127\.0\.0\.1|localhost):\d+/.exec(output)?.[0];
}
