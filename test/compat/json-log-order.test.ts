import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * JSON log lines are written in the order they were logged, as Probot's are. pino's default
 * destination writes asynchronously, and its `fatal` flushes what is queued at once: a line still
 * being written (libuv's thread pool busy, a slow disk or pipe) came out after the lines logged
 * after it, the fatal one among them. Here the one thread of the pool is kept busy, so the first
 * line waits for it as it would under load.
 */
describe("JSON log lines keep their order (Probot's do), also around a fatal line", function () {
  this.timeout(30_000);
  it("writes first, second, fatal in that order while the thread pool is busy", () => {
    const script = `
      import { pbkdf2 } from "node:crypto";
      const { createApp } = await import(${JSON.stringify(pathToFileURL(join(root, "src/index.ts")).href)});
      const app = createApp({ env: { LOG_FORMAT: "json", LOG_LEVEL: "info", WEBHOOK_SECRET: "order-test-secret" } });
      pbkdf2("busy", "salt", 2_000_000, 32, "sha256", () => undefined);
      app.log.info("first");
      app.log.info("second");
      app.log.fatal("third");
    `;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: root,
      env: { PATH: process.env.PATH, UV_THREADPOOL_SIZE: "1" },
      encoding: "utf8",
    });
    const messages = out
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages.filter((msg) => ["first", "second", "third"].includes(msg))).to.deep.equal([
      "first",
      "second",
      "third",
    ]);
  });
});
