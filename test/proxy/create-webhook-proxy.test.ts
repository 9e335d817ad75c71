import { expect } from "chai";
import { isAppError } from "../../src/errors.js";
import * as root from "../../src/index.js";
import { getLog } from "../../src/log/get-log.js";
import {
  createWebhookProxy,
  type WebhookProxy,
  type WebhookProxyOptions,
} from "../../src/proxy/create-webhook-proxy.js";
import { verifySignature } from "../../src/webhooks/verify-signature.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { startEventStreamServer, type EventStreamServer } from "../helpers/event-stream-server.js";
import { sign } from "../helpers/sign.js";
import { startReceiver, type Receiver } from "./start-receiver.js";

const SECRET = "proxy-test-secret";
const PATH = "/api/github/webhooks";
// As GitHub may send it: spaces after colons, "\u00e9" and "\/" escapes, a
// raw emoji. JSON.stringify(JSON.parse(RAW)) is different bytes.
const RAW =
  '{"action": "opened", "issue": {"title": "caf\\u00e9 <b>", "url": "https:\\/\\/example.com\\/x", "body": "👋"}}';
// Every connection counts as lasting (stableMs 0), so these cases see each drop as a drop;
// test/proxy/proxy-reliability.test.ts covers a relay that closes at once.
const FAST = { initialDelayMs: 20, maxDelayMs: 80, stableMs: 0 };

/** A delivery as smee.io relays it: the request's headers as keys, plus body, query and timestamp. */
function relayed(raw: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    host: "smee.io",
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(raw)),
    connection: "close",
    "user-agent": "GitHub-Hookshot/abc123",
    "x-github-event": "issues",
    "x-github-delivery": "d-1",
    "x-github-hook-id": "42",
    "x-hub-signature-256": sign(SECRET, raw),
    body: JSON.parse(raw) as unknown,
    query: {},
    timestamp: 1700000000000,
    ...extra,
  };
}

/** Polls `check` until it stops throwing; bounded to 5 s. */
async function eventually(check: () => void): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return check();
    } catch (error) {
      if (attempt >= 250) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const at = (logs: LogCapture, level: number) =>
  logs
    .records()
    .filter((record) => record["level"] === level)
    .map((record) => String(record["msg"]));

describe("createWebhookProxy", () => {
  let stream: EventStreamServer;
  let receiver: Receiver;
  let logs: LogCapture;
  let proxy: WebhookProxy | undefined;
  let channel: string;

  beforeEach(async () => {
    stream = await startEventStreamServer();
    receiver = await startReceiver();
    logs = createLogCapture();
    channel = `${new URL(stream.url).origin}/***`;
  });

  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
    await stream.close();
    await receiver.close();
    // The channel address never reaches a log line, not even one the scrubber would catch.
    expect(logs.text()).not.to.include("channel-test1234");
    expect(logs.text()).not.to.include("[REDACTED]");
  });

  const start = (options: Partial<WebhookProxyOptions> = {}) => {
    proxy = createWebhookProxy({
      url: stream.url,
      port: receiver.port,
      path: PATH,
      log: getLog({ level: "debug", logFormat: "json", destination: logs.stream }),
      reconnect: FAST,
      ...options,
    });
    return proxy;
  };

  it("relays the original bytes and headers when the relay sends rawBody", async () => {
    expect(JSON.stringify(JSON.parse(RAW))).not.to.equal(RAW, "the payload must be one re-serialising changes");
    start();
    await stream.waitForConnections(1);
    stream.sendDelivery(relayed(RAW, { rawBody: RAW }));
    const [request] = await receiver.waitForRequests(1);
    expect(request!.method).to.equal("POST");
    expect(request!.url).to.equal(PATH);
    expect(request!.body.equals(Buffer.from(RAW))).to.equal(true);
    expect(verifySignature([SECRET], request!.body, request!.headers["x-hub-signature-256"] as string)).to.equal(0);
    expect(request!.headers).to.include({
      "x-github-event": "issues",
      "x-github-delivery": "d-1",
      "x-github-hook-id": "42",
      "user-agent": "GitHub-Hookshot/abc123",
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(RAW)),
    });
    expect(request!.headers["host"]).to.equal(`127.0.0.1:${receiver.port}`);
    expect(request!.headers).not.to.have.property("timestamp");
  });

  it("relays compact JSON, as GitHub sends it, byte for byte without rawBody", async () => {
    const compact = JSON.stringify({ action: "opened", issue: { title: "Grüße 👋 <b>", body: 'a "quote"\nline' } });
    start();
    await stream.waitForConnections(1);
    stream.sendDelivery(relayed(compact, { query: { attempt: "2" } }));
    const [request] = await receiver.waitForRequests(1);
    expect(request!.body.equals(Buffer.from(compact))).to.equal(true);
    expect(verifySignature([SECRET], request!.body, request!.headers["x-hub-signature-256"] as string)).to.equal(0);
    expect(request!.url).to.equal(`${PATH}?attempt=2`);
  });

  it("says why a delivery relayed without rawBody may fail its signature, when the app answers 400", async () => {
    receiver.answer(400);
    start();
    await stream.waitForConnections(1);
    stream.sendDelivery(relayed(RAW)); // RAW is not compact JSON: serialised again, its bytes change
    const [request] = await receiver.waitForRequests(1);
    expect(verifySignature([SECRET], request!.body, request!.headers["x-hub-signature-256"] as string)).to.equal(-1);
    await eventually(() =>
      expect(at(logs, 40).join("\n")).to.match(
        /answered 400: the relay sent the body as parsed JSON without its raw text/,
      ),
    );
  });

  it("opens the stream and posts deliveries with the fetch it is given", async () => {
    const urls: string[] = [];
    const countingFetch: typeof fetch = (input, init) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return globalThis.fetch(input, init);
    };
    start({ fetch: countingFetch });
    await stream.waitForConnections(1);
    stream.sendDelivery(relayed(RAW, { rawBody: RAW }));
    await receiver.waitForRequests(1);
    expect(urls).to.deep.equal([stream.url, `http://127.0.0.1:${receiver.port}${PATH}`]);
  });

  it("logs where it forwards to, without the channel address", async () => {
    start();
    await eventually(() =>
      expect(at(logs, 30)).to.deep.equal([
        `Webhook proxy connected: forwarding deliveries from ${channel} to http://127.0.0.1:${receiver.port}${PATH}`,
      ]),
    );
  });

  it("reconnects after the stream drops: one warning, then one info line", async () => {
    start();
    await stream.waitForConnections(1);
    await eventually(() => expect(at(logs, 30)).to.have.length(1));
    stream.drop();
    await stream.waitForConnections(2);
    await eventually(() => expect(at(logs, 30)).to.have.length(2));
    expect(at(logs, 40)).to.have.length(1);
    expect(at(logs, 40)[0]).to.match(
      new RegExp(`^Webhook proxy lost its connection to ${escape(channel)} \\(.+\\); reconnecting in 0\\.02 s\\.$`),
    );
    expect(at(logs, 30)[1]).to.equal(`Webhook proxy reconnected to ${channel}.`);
    stream.sendDelivery(relayed(RAW, { rawBody: RAW }));
    const [request] = await receiver.waitForRequests(1);
    expect(request!.body.equals(Buffer.from(RAW))).to.equal(true);
    expect(stream.openCount()).to.equal(1);
  });

  it("retries with doubling waits while the channel answers 500, warning once", async () => {
    stream.failNext(3, 500);
    start();
    await stream.waitForConnections(1);
    await eventually(() => expect(at(logs, 30)).to.have.length(1));
    expect(stream.requests()).to.equal(4);
    expect(at(logs, 40)).to.deep.equal([
      `Webhook proxy could not connect to ${channel} (Non-200 status code (500)); retrying in 0.02 s.`,
    ]);
    const retries = at(logs, 20).filter((line) => line.startsWith("Webhook proxy still cannot reach"));
    expect(retries).to.deep.equal([
      `Webhook proxy still cannot reach ${channel} (Non-200 status code (500)); retrying in 0.04 s.`,
      `Webhook proxy still cannot reach ${channel} (Non-200 status code (500)); retrying in 0.08 s.`,
    ]);
    expect(at(logs, 30)[0]).to.match(/^Webhook proxy connected: forwarding deliveries/);
  });

  it("starts again from the shortest wait after a success", async () => {
    stream.failNext(2, 500);
    start();
    await stream.waitForConnections(1);
    await eventually(() => expect(at(logs, 30)).to.have.length(1));
    stream.failNext(1, 503);
    stream.drop();
    await stream.waitForConnections(2);
    await eventually(() => expect(at(logs, 30)).to.have.length(2));
    const waits = at(logs, 40)
      .concat(at(logs, 20))
      .flatMap((line) => /in (\d\.\d+) s\.$/.exec(line)?.[1] ?? []);
    expect(waits).to.deep.equal(["0.02", "0.02", "0.04", "0.04"]);
  });

  it("stops for good on close(): no reconnects, no open stream", async () => {
    start();
    await stream.waitForConnections(1);
    await eventually(() => expect(stream.openCount()).to.equal(1));
    await proxy!.close();
    await eventually(() => expect(stream.openCount()).to.equal(0));
    stream.drop();
    const requests = stream.requests();
    await new Promise((resolve) => setTimeout(resolve, 10 * FAST.maxDelayMs));
    expect(stream.requests()).to.equal(requests);
    expect(at(logs, 40)).to.deep.equal([]);
  });

  it("stops for good when closed while waiting to reconnect", async () => {
    stream.failNext(100, 500);
    start({ reconnect: { initialDelayMs: 50, maxDelayMs: 50 } });
    await eventually(() => expect(at(logs, 40)).to.have.length(1));
    await proxy!.close();
    const requests = stream.requests();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.requests()).to.equal(requests);
  });

  it("warns, in one line each, about messages that are not deliveries and failed posts, and goes on", async () => {
    start();
    await stream.waitForConnections(1);
    stream.send("not json");
    receiver.answer(400);
    stream.sendDelivery(relayed(RAW, { "x-github-delivery": "d-2", rawBody: RAW }));
    await receiver.waitForRequests(1);
    await eventually(() => expect(at(logs, 40)).to.have.length(2));
    stream.sendDelivery(relayed(RAW, { "x-github-delivery": "d-3\nFAKE LOG LINE", rawBody: RAW }));
    await eventually(() => expect(at(logs, 40)).to.have.length(4));
    const warnings = at(logs, 40);
    expect(warnings.slice(0, 2)).to.deep.equal([
      `Webhook proxy received a message from ${channel} that is not a webhook delivery; skipped it.`,
      "Webhook proxy relayed delivery d-2 (issues), and the app answered 400.",
    ]);
    // A line break cannot travel in a header: the header is named and left out.
    expect(warnings[2]).to.match(
      /^Webhook proxy left header "x-github-delivery" out of delivery without id \(issues\)/,
    );
    expect(warnings[3]).to.match(/^Webhook proxy relayed delivery without id \(issues\), and the app answered 400/);
    for (const warning of warnings) expect(warning).not.to.include("\n");
    stream.sendDelivery(relayed(RAW, { "x-github-delivery": "d-4" }));
    await receiver.waitForRequests(2);
  });

  it("warns when the local server cannot be reached", async () => {
    await receiver.close();
    start();
    await stream.waitForConnections(1);
    stream.sendDelivery(relayed(RAW));
    await eventually(() => expect(at(logs, 40)).to.have.length(1));
    expect(at(logs, 40)[0]).to.match(
      new RegExp(
        `^Webhook proxy could not post delivery d-1 \\(issues\\) to http://127\\.0\\.0\\.1:${receiver.port}${PATH} \\(.+\\): is the server running\\?$`,
      ),
    );
  });

  it("takes Probot's name for the logger, logger", async () => {
    const logger = getLog({ level: "debug", logFormat: "json", destination: logs.stream });
    proxy = createWebhookProxy({ url: stream.url, port: receiver.port, path: PATH, reconnect: FAST, logger });
    await eventually(() => expect(at(logs, 30)).to.have.length(1));
  });

  it("refuses a call without a logger at once, saying what to pass, rather than failing on its first line", () => {
    let failure: unknown;
    try {
      proxy = createWebhookProxy({ url: stream.url, port: receiver.port, path: PATH });
    } catch (error) {
      failure = error;
    }
    expect(isAppError(failure) && failure.code, String(failure)).to.equal("OPTION_INVALID");
    expect((failure as Error).message).to.include("log");
    expect(isAppError(failure) && failure.hint).to.include("getLog()");
  });

  it("is exported from the package root", () => {
    expect(root.createWebhookProxy).to.equal(createWebhookProxy);
  });

  const invalid: ReadonlyArray<[label: string, options: Partial<WebhookProxyOptions>, message: RegExp]> = [
    [
      "a channel address that is not a URL",
      { url: "smee.io/secret-channel" },
      /WEBHOOK_PROXY_URL.*not an http\(s\) address/,
    ],
    ["a channel address that is not http(s)", { url: "ftp://smee.io/secret-channel" }, /not an http\(s\) address/],
    ["a port out of range", { port: 70000 }, /port, a whole number from 1 to 65535, got 70000/],
    ["a path without a leading slash", { path: "hooks" }, /must start with "\/", got "hooks"/],
  ];
  for (const [label, options, message] of invalid) {
    it(`refuses ${label} with one clear line`, () => {
      let failure: unknown;
      try {
        start(options);
      } catch (error) {
        failure = error;
      }
      expect(isAppError(failure) && failure.code).to.equal("OPTION_INVALID");
      expect((failure as Error).message)
        .to.match(message)
        .and.not.include("secret-channel");
      expect((failure as Error).message).not.to.include("\n");
    });
  }
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
