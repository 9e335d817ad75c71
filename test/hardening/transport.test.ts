import { expect } from "chai";
import { request } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { sign } from "../helpers/sign.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { startTestServer, WEBHOOK_PATH, type TestServer } from "../server/start-test-server.js";
import { rawRequest, requestHead } from "./raw-http.js";

const LIMIT = 1024;

/** A request with any method (fetch refuses some), answered status and body. */
function send(url: string, method: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url + WEBHOOK_PATH, { method, headers: { "x-github-event": "issues" } }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on("error", reject).end();
  });
}

function signedHead(body: string, extra: Record<string, string> = {}): string {
  return requestHead(WEBHOOK_PATH, {
    "content-type": "application/json",
    "x-github-event": "issues",
    "x-github-delivery": "raw-1",
    "x-hub-signature-256": sign(TEST_SECRET, body),
    ...extra,
  });
}

describe("hardening: transport", () => {
  let test: TestServer;
  let ran = 0;
  const appFn = ({ app }: { app: TestServer["app"] }) => app.onAny(() => void ran++);
  beforeEach(async () => {
    ran = 0;
    test = await startTestServer(appFn, { maxBodyBytes: LIMIT, headersTimeoutMs: 300, requestTimeoutMs: 600 });
  });
  afterEach(() => test.close());

  for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"]) {
    it(`answers ${method} on the webhook path with 404 and runs nothing`, async () => {
      const { status, body } = await send(test.url, method);
      expect(status).to.equal(404);
      if (method !== "HEAD") expect(JSON.parse(body)).to.have.property("error").that.includes("only accepts POST");
      expect(ran).to.equal(0);
    });
  }

  it("answers 413 at once to an honest Content-Length over the limit, without waiting for the body", async () => {
    const head = signedHead("x", { "content-length": String(LIMIT + 1) });
    // Only the head is sent: the answer must not wait for a body that never comes.
    const response = await rawRequest(test.url, [head], { waitMs: 5000 });
    expect(response.status).to.equal(413);
    expect(response.text).to.include(`${LIMIT} bytes`);
    expect(ran).to.equal(0);
  });

  it("answers 413 to a chunked body that grows past the limit, and closes the connection", async () => {
    const chunk = Buffer.alloc(400, 0x20);
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const head = signedHead("x", { "transfer-encoding": "chunked" });
    const response = await rawRequest(test.url, [head, frame, frame, frame, frame, "0\r\n\r\n"], { gapMs: 5 });
    expect(response.status).to.equal(413);
    expect(response.text.toLowerCase()).to.include("connection: close");
    expect(ran).to.equal(0);
  });

  it("reads exactly Content-Length bytes when it understates the body: the rest is no body of this delivery", async () => {
    const body = JSON.stringify(issuesOpenedPayload());
    const head = signedHead(body, { "content-length": "10" });
    const response = await rawRequest(test.url, [head + body + "x".repeat(LIMIT * 4)]);
    expect(response.status).to.equal(400); // the first 10 bytes do not match the signature
    expect(ran).to.equal(0);
    expect((await fetch(`${test.url}/ping`)).status).to.equal(200);
  });

  it("answers 408 and closes the connection when the headers dribble in past headersTimeoutMs", async () => {
    const parts = [`POST ${WEBHOOK_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n`, ...Array.from({ length: 60 }, () => "x")];
    const response = await rawRequest(test.url, parts, { gapMs: 50 });
    expect(response.status).to.equal(408);
    expect(response.sent).to.be.below(parts.length); // cut off, not left to finish
    expect(ran).to.equal(0);
  });

  it("answers 408 and closes the connection when the body dribbles in past requestTimeoutMs", async () => {
    const body = JSON.stringify(issuesOpenedPayload());
    const head = signedHead(body, { "content-length": String(body.length) });
    const response = await rawRequest(test.url, [head, ...body.split("")], { gapMs: 50 });
    expect(response.status).to.equal(408);
    expect(response.sent).to.be.below(body.length);
    expect(ran).to.equal(0);
  });

  it("lets a handler run longer than requestTimeoutMs: the deadline covers receiving, not handling", async () => {
    await test.close();
    test = await startTestServer(({ app }) => app.on("issues", () => sleep(900)), {
      headersTimeoutMs: 200,
      requestTimeoutMs: 300,
    });
    const response = await test.deliver("issues", issuesOpenedPayload());
    expect(response.status).to.equal(200);
  });

  it("survives a client that aborts mid-body: no unhandled rejection, nothing runs, the next request is served", async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      const body = JSON.stringify(issuesOpenedPayload());
      const head = signedHead(body, { "content-length": String(body.length) });
      await rawRequest(test.url, [head, body.slice(0, 50)], { abort: true });
      await sleep(100);
      expect(rejections).to.deep.equal([]);
      expect(ran).to.equal(0);
      expect(test.server.inFlight()).to.equal(0);
      expect((await test.deliver("issues", issuesOpenedPayload())).status).to.equal(200);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });
});
