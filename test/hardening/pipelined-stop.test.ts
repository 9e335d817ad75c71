import { expect } from "chai";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { sign } from "../helpers/sign.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { startTestServer, WEBHOOK_PATH, type TestServer } from "../server/start-test-server.js";

/** A signed delivery on a keep-alive connection: head and body in one string. */
function keepAliveDelivery(id: string): string {
  const body = JSON.stringify(issuesOpenedPayload());
  const headers = {
    host: "127.0.0.1",
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "x-github-event": "issues",
    "x-github-delivery": id,
    "x-hub-signature-256": sign(TEST_SECRET, body),
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `POST ${WEBHOOK_PATH} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${body}`;
}

describe("hardening: two deliveries pipelined on one connection, then a stop", function () {
  this.timeout(30_000);
  let test: TestServer | undefined;
  afterEach(() => test?.close());

  for (const handlerMs of [0, 300]) {
    it(`sends both answers before closing the connection (handlers of ${handlerMs} ms)`, async () => {
      const started: string[] = [];
      const finished: string[] = [];
      test = await startTestServer(({ app }) =>
        app.on("issues.opened", async (context) => {
          started.push(context.id);
          await sleep(handlerMs);
          finished.push(context.id);
        }),
      );
      const { port, hostname } = new URL(test.url);
      const socket = connect(Number(port), hostname);
      const received: Buffer[] = [];
      socket.on("data", (chunk: Buffer) => received.push(chunk));
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
      socket.on("error", () => undefined);
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.write(keepAliveDelivery("pipelined-1") + keepAliveDelivery("pipelined-2"));
      // Both arrived before the stop: the first handler runs, the second request is parsed and queued.
      await until(() => started.length >= 1, 5000);
      const stopped = test.server.stop({ graceMs: 5000 });
      await Promise.race([closed, sleep(10_000)]);
      socket.destroy();
      await stopped;
      test = undefined;
      const text = Buffer.concat(received).toString("latin1");
      const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
      expect(statuses, text).to.have.length(2);
      expect(statuses[0]).to.equal(200);
      // The second was received before the stop: it is run (200), or refused so it can be redelivered (503).
      expect([200, 503]).to.include(statuses[1]);
      if (statuses[1] === 200) expect(finished).to.include("pipelined-2");
      else expect(started).not.to.include("pipelined-2");
    });
  }
});
