import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export type Forked = {
  child: ChildProcess;
  /** Everything the child wrote to stdout so far. */
  stdout(): string;
  /** The next message the child sends (rejects when it exits first). */
  next<T>(): Promise<T>;
  send(message: unknown): void;
  /** Resolves with the exit code (sends "stop" first when asked). */
  exit(): Promise<number | null>;
};

/**
 * Runs `test/hardening/fixtures/<name>.ts` in its own Node process (tsx,
 * optionally `--expose-gc`), for what mocha's process must not see: memory
 * after a full collection, unhandled rejections, a crash.
 *
 * @example
 * const script = forkScript("floating-rejection", []);
 * const { url } = await script.next<{ url: string }>();
 */
export function forkScript(name: string, args: string[], { exposeGc = false } = {}): Forked {
  const path = fileURLToPath(new URL(`./fixtures/${name}.ts`, import.meta.url));
  const child = fork(path, args, {
    execArgv: ["--import", "tsx", ...(exposeGc ? ["--expose-gc"] : [])],
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  child.on("error", () => undefined); // a "stop" sent as it exits; the exit code tells
  let out = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  const inbox: unknown[] = [];
  const waiting: Array<{ resolve: (value: unknown) => void; reject: (error: Error) => void }> = [];
  child.on("message", (message) => {
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(message);
    else inbox.push(message);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  void exited.then((code) => {
    for (const waiter of waiting.splice(0)) waiter.reject(new Error(`${name} exited with ${code} before answering`));
  });
  return {
    child,
    stdout: () => out,
    next<T>() {
      if (inbox.length > 0) return Promise.resolve(inbox.shift() as T);
      if (child.exitCode !== null) return Promise.reject(new Error(`${name} exited with ${child.exitCode}`));
      return new Promise<T>((resolve, reject) =>
        waiting.push({ resolve: resolve as (value: unknown) => void, reject }),
      );
    },
    send: (message) => child.send(message as never),
    exit() {
      if (child.exitCode === null && child.connected) child.send("stop");
      return exited;
    },
  };
}
