import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { isAppError } from "../../src/errors.js";
import { getLog } from "../../src/log/get-log.js";
import { createWebhookProxy, type WebhookProxy } from "../../src/proxy/create-webhook-proxy.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { startEventStreamServer, type EventStreamServer } from "../helpers/event-stream-server.js";
import { getTestKeys } from "../helpers/keys.js";
import { runToExit } from "../helpers/spawn-app.js";
import { TEST_SECRET } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { startReceiver, type Receiver } from "./start-receiver.js";

const PATH = "/api/github/webhooks";

describe("webhook proxy: back-off after clean closes, refused credentials, bad headers", function () {
  this.timeout(30_000);
  let stream: EventStreamServer;
  let receiver: Receiver;
  let logs: LogCapture;
  let proxy: WebhookProxy | undefined;

  beforeEach(async () => {
    stream = await startEventStreamServer();
    receiver = await startReceiver();
    logs = createLogCapture();
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    await stream.close();
    await receiver.close();
  });

  const start = (url = stream.url) =>
    (proxy = createWebhookProxy({
      url,
      port: receiver.port,
      path: PATH,
      log: getLog({ level: "debug", logFormat: "json", destination: logs.stream }),
      reconnect: { initialDelayMs: 50, maxDelayMs: 400, stableMs: 1000 },
    }));
  const lines = (level: number) =>
    logs
      .records()
      .filter((record) => record["level"] === level)
      .map((record) => String(record["msg"]));

  it("backs off, as after errors, when the relay answers 200 and closes at once", async () => {
    stream.closeAtOnce(true);
    start();
    await stream.waitForConnections(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Waits of 50, 100, 200, 400, 400 ms: about 6 connections in 1.5 s, not one every 50 ms.
    expect(stream.connections()).to.be.within(3, 9);
    expect(lines(40), logs.text()).to.have.length(1);
    expect(lines(40)[0]).to.include("closed right after it opened");
    expect(lines(30).filter((line) => line.includes("reconnected"))).to.deep.equal([]);
  });

  it("rejects ready with WEBHOOK_PROXY_REFUSED when the relay refuses the credentials (401)", async () => {
    stream.failNext(100, 401);
    const url = stream.url.replace("http://", "http://bot:relay-pass-9@");
    const error = await start(url).ready.then(
      () => expect.fail("ready resolved"),
      (failure: unknown) => failure,
    );
    expect(isAppError(error) && error.code).to.equal("WEBHOOK_PROXY_REFUSED");
    expect((error as Error).message)
      .to.include("401")
      .and.not.include("relay-pass-9");
    const requests = stream.requests();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.requests()).to.equal(requests); // no retry loop against a refusal
  });

  it("app run exits 1 at start when the relay refuses the proxy URL's credentials (403)", async () => {
    stream.failNext(100, 403);
    const cwd = mkdtempSync(join(tmpdir(), "proxy-refused-"));
    try {
      const result = await runToExit({
        args: [fileURLToPath(new URL("../fixtures/apps/comment.js", import.meta.url))],
        env: {
          APP_ID: "1",
          PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
          WEBHOOK_SECRET: TEST_SECRET,
          PORT: "0",
          HOST: "127.0.0.1",
          NODE_ENV: "test",
          WEBHOOK_PROXY_URL: stream.url.replace("http://", "http://bot:relay-pass-9@"),
        },
        cwd,
      });
      expect(result.code, result.stdout + result.stderr).to.equal(1);
      expect(result.stderr).to.include("refused the channel's credentials (403)").and.include("WEBHOOK_PROXY_URL");
      expect(result.stdout + result.stderr)
        .not.to.include("relay-pass-9")
        .and.not.include("channel-test1234");
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it("warns, naming the header, about a header value HTTP cannot carry, and relays the delivery without it", async () => {
    start();
    await stream.waitForConnections(1);
    await until(() => lines(30).some((line) => line.startsWith("Webhook proxy connected")));
    const raw = '{"action":"opened"}';
    stream.sendDelivery({
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": "d-bad-header",
      "x-broken-header": "first line\nsecond line",
      rawBody: raw,
      body: JSON.parse(raw) as unknown,
    });
    const [request] = await receiver.waitForRequests(1);
    expect(request!.headers["x-github-delivery"]).to.equal("d-bad-header");
    expect(request!.headers["x-broken-header"]).to.equal(undefined);
    await until(() => lines(40).length > 0);
    expect(lines(40)[0]).to.include('"x-broken-header"').and.include("d-bad-header");
  });
});
