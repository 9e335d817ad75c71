import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { run } from "../../src/run/run.js";
import { getTestKeys } from "../helpers/keys.js";
import { sign } from "../helpers/sign.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { startTestServer } from "./start-test-server.js";

const DRAIN_APP = fileURLToPath(new URL("./fixtures/drain-app.ts", import.meta.url));

type DrainApp = { child: ChildProcess; url: string; output(): string; exit: Promise<number | null> };

/** Starts fixtures/drain-app.ts (run() with signals handled) in its own process. */
async function startDrainApp(graceMs: number, env: Record<string, string>): Promise<DrainApp> {
  const child = spawn(process.execPath, ["--import", "tsx", DRAIN_APP, String(graceMs)], {
    env: {
      PATH: process.env.PATH ?? "",
      // The run's temporary folder (test/helpers/temp-root.ts), so the app's working folder goes with it.
      TMPDIR: tmpdir(),
      APP_ID: "1",
      PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
      WEBHOOK_SECRET: TEST_SECRET,
      PORT: "0",
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      LOG_FORMAT: "json",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await until(() => /listening on http/.test(output) || child.exitCode !== null, 15_000);
  const url = /listening on (http:\/\/[\d.:]+)/.exec(output)?.[1];
  if (!url) throw new Error(`drain-app did not start:\n${output}`);
  return { child, url, output: () => output, exit };
}

function deliveryRequest(id: string): string {
  const body = JSON.stringify(issuesOpenedPayload());
  return (
    "POST /api/github/webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
    `X-GitHub-Event: issues\r\nX-GitHub-Delivery: ${id}\r\nX-Hub-Signature-256: ${sign(TEST_SECRET, body)}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** One keep-alive TCP connection, collecting everything the server sends until it closes it. */
async function openConnection(url: string): Promise<{ socket: Socket; text(): string; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let text = "";
  socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return { socket, text: () => text, closed };
}

describe("stopping the server (drain)", function () {
  this.timeout(30_000);
  let app: DrainApp | undefined;
  afterEach(() => {
    if (app?.child.exitCode === null) app.child.kill("SIGKILL");
    app = undefined;
  });

  it("answers a second request on the same keep-alive connection during the drain with 503 and Connection: close", async () => {
    app = await startDrainApp(5000, { HANDLER_MS: "800" });
    const connection = await openConnection(app.url);
    connection.socket.write(deliveryRequest("d-first"));
    await until(() => app!.output().includes("handler started d-first"));
    app.child.kill("SIGTERM");
    await until(() => app!.output().includes("Received SIGTERM"));
    connection.socket.write(deliveryRequest("d-second"));
    await connection.closed;
    const answers = connection.text().split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.slice(0, 12))).to.deep.equal(["HTTP/1.1 200", "HTTP/1.1 503"]);
    expect(answers[1]).to.match(/\r\nconnection: close\r\n/i);
    expect(await app.exit).to.equal(0);
    expect(app.output()).to.include("handler finished d-first");
    expect(app.output()).not.to.include("handler started d-second");
  });

  it("closes idle keep-alive connections as soon as the drain starts", async () => {
    app = await startDrainApp(5000, { HANDLER_MS: "1500" });
    const idle = await openConnection(app.url);
    idle.socket.write("GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await until(() => idle.text().includes("PONG"));
    const busy = await openConnection(app.url);
    busy.socket.write(deliveryRequest("d-busy"));
    await until(() => app!.output().includes("handler started d-busy"));
    app.child.kill("SIGTERM");
    await idle.closed;
    // Closed while the delivery still runs, not at the end of the drain.
    expect(app.output()).not.to.include("handler finished d-busy");
    expect(await app.exit).to.equal(0);
    expect(busy.text()).to.match(/^HTTP\/1\.1 200/);
  });

  it("at the deadline aborts the signal of handlers still running (also after a 202) and logs each delivery to redeliver", async () => {
    app = await startDrainApp(300, { HANDLER_MS: "20000", HANDLER_TIMEOUT_MS: "100" });
    const connection = await openConnection(app.url);
    connection.socket.write(deliveryRequest("d-late"));
    await until(() => connection.text().includes("HTTP/1.1 202"));
    app.child.kill("SIGTERM");
    expect(await app.exit).to.equal(0);
    const lines = app
      .output()
      .split("\n")
      .filter((line) => line.includes("redeliver"));
    expect(lines, app.output()).to.have.length(1);
    const record = JSON.parse(lines[0]!) as { id: string; event: string; msg: string };
    expect(record).to.include({ id: "d-late", event: "issues.opened" });
    expect(record.msg).to.include("redeliver d-late");
    expect(app.output()).to.include("handler aborted d-late SHUTDOWN_DEADLINE_EXCEEDED");
  });

  it("returns the same promise from a second stop()", async () => {
    const test = await startTestServer();
    const first = test.server.stop();
    expect(test.server.stop()).to.equal(first);
    await first;
  });

  it("stops a run() that was started again after a stop", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "drain-run-"));
    try {
      const env = {
        APP_ID: "1",
        PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
        WEBHOOK_SECRET: TEST_SECRET,
        PORT: "0",
        HOST: "127.0.0.1",
        NODE_ENV: "test",
        LOG_LEVEL: "fatal",
      };
      const server = await run(() => undefined, { env, cwd, handleSignals: false });
      await server.stop();
      const { url } = await server.start();
      expect((await fetch(`${url}/ping`)).status).to.equal(200);
      await server.stop();
      await fetch(`${url}/ping`).then(
        () => expect.fail("the restarted server still accepts connections after stop()"),
        (error: Error) => expect(error).to.be.instanceOf(TypeError),
      );
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
