import { expect } from "chai";
import { connect, type Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { deliver, startTestServer, type TestServer } from "../server/start-test-server.js";
import { spawn, type ChildProcess } from "node:child_process";
import { getTestKeys } from "../helpers/keys.js";
import { RUN_JS } from "../helpers/spawn-app.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";

type IdleSocket = { socket: Socket; closed: Promise<number> };

/** `count` connections that never send a byte; each `closed` resolves with the time it closed. */
async function openIdle(url: string, count: number): Promise<IdleSocket[]> {
  const { port, hostname } = new URL(url);
  const sockets: IdleSocket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = connect(Number(port), hostname);
    socket.on("error", () => undefined); // a reset is one way of being closed
    socket.resume(); // reading, or the server's FIN is never seen
    const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now())));
    sockets.push({ socket, closed });
  }
  await Promise.all(
    sockets.map(({ socket, closed }) =>
      Promise.race([new Promise((resolve) => socket.once("connect", resolve)), closed]),
    ),
  );
  return sockets;
}

/** How many of `sockets` are open once at most `limit` are, or after `ms` (checked every 25 ms). */
async function openOnceAtMost(sockets: IdleSocket[], limit: number, ms: number): Promise<number> {
  let closed = 0;
  for (const { closed: done } of sockets) void done.then(() => closed++);
  for (const until = performance.now() + ms; sockets.length - closed > limit && performance.now() < until;)
    await sleep(25);
  return sockets.length - closed;
}

describe("hardening: connections that never send a byte", function () {
  this.timeout(60_000);
  const held: IdleSocket[] = [];
  afterEach(() => held.splice(0).forEach(({ socket }) => socket.destroy()));

  describe("createServer", () => {
    let test: TestServer;
    let ran = 0;
    beforeEach(async () => {
      ran = 0;
      test = await startTestServer(({ app }) => app.onAny(() => void ran++), {
        headersTimeoutMs: 400,
        requestTimeoutMs: 2000,
        maxConnections: 50,
      });
    });
    afterEach(() => test.close());

    it("closes them once the header deadline passes, and serves deliveries after", async () => {
      const sockets = await openIdle(test.url, 40);
      held.push(...sockets);
      const opened = performance.now();
      const closedAt = await Promise.race([Promise.all(sockets.map(({ closed }) => closed)), sleep(5000, "open")]);
      expect(closedAt, "still open 5 s after a 400 ms header deadline").not.to.equal("open");
      for (const at of closedAt as number[]) expect(at - opened).to.be.at.least(300);
      expect((await test.deliver("issues", issuesOpenedPayload())).status).to.equal(200);
      expect(ran).to.equal(1);
    });

    it("keeps at most maxConnections open: the rest are closed at once", async () => {
      // A header deadline far off, so that every close seen here is the limit's: a busy machine
      // may take longer than the 400 ms deadline to accept them all.
      await test.close();
      test = await startTestServer(({ app }) => app.onAny(() => void ran++), {
        headersTimeoutMs: 60_000,
        requestTimeoutMs: 120_000,
        maxConnections: 50,
      });
      const sockets = await openIdle(test.url, 120);
      held.push(...sockets);
      const open = await openOnceAtMost(sockets, 50, 10_000);
      expect(open, "open 10 s after connecting, with a 60 s header deadline").to.be.at.most(50);
      expect(open).to.be.at.least(1);
    });

    it("does not cut off a request whose handler is slower than the header deadline", async () => {
      await test.close();
      test = await startTestServer(
        ({ app }) =>
          app.onAny(async () => {
            await sleep(1200);
            ran++;
          }),
        { headersTimeoutMs: 400, requestTimeoutMs: 2000, handlerTimeoutMs: 5000 },
      );
      const response = await test.deliver("issues", issuesOpenedPayload());
      expect(response.status).to.equal(200);
      expect(ran).to.equal(1);
    });
  });

  describe("app run, with 256 file descriptors", () => {
    let child: ChildProcess | undefined;
    afterEach(() => child?.kill("SIGKILL"));

    it("closes 300 idle connections after the 10 s header deadline, holding at most --max-connections, and a delivery then succeeds", async () => {
      // Soft and hard limit both: Node raises a soft limit to the hard one at start.
      child = spawn("prlimit", ["--nofile=256:256", process.execPath, RUN_JS, "run", "--max-connections", "100"], {
        env: {
          PATH: process.env.PATH ?? "",
          APP_ID: "1",
          PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
          WEBHOOK_SECRET: TEST_SECRET,
          HOST: "127.0.0.1",
          PORT: "0",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const url = await until(
        () => /listening on (http:\/\/\S+)/.exec(output)?.[1],
        20_000,
        () => output,
      );
      const sockets = await openIdle(url, 300);
      held.push(...sockets);
      const opened = performance.now();
      // The header deadline is 10 s: a close within 5 s is the connection limit's.
      expect(await openOnceAtMost(sockets, 100, 5000)).to.be.at.most(100);
      const closedAt = await Promise.race([Promise.all(sockets.map(({ closed }) => closed)), sleep(16_000, "open")]);
      expect(closedAt, "idle connections still open 16 s after they were opened").not.to.equal("open");
      expect(Math.max(...(closedAt as number[])) - opened).to.be.at.least(9000);
      const response = await deliver(url, "issues", issuesOpenedPayload());
      expect(response.status, output).to.equal(200);
      expect(output).not.to.match(/EMFILE/);
    });
  });
});

/** Polls `read` every 50 ms until it returns something, for at most `ms`. */
async function until<T>(read: () => T | undefined, ms: number, describe: () => string): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`Not ready within ${ms} ms:\n${describe()}`);
    await sleep(50);
  }
}
