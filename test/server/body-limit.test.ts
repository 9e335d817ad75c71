import { expect } from "chai";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { sign } from "../helpers/sign.js";
import { TEST_SECRET } from "../helpers/test-app.js";
import { startTestServer, WEBHOOK_PATH, type TestServer } from "./start-test-server.js";

const MiB = 1024 * 1024;
const BODY_BYTES = 26 * MiB;
const CHUNK = new Uint8Array(64 * 1024).fill(0x20);

/** 26 MiB of spaces, produced 64 KiB at a time so the client never holds the body. */
function bigBody(): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= BODY_BYTES) return controller.close();
      sent += CHUNK.byteLength;
      controller.enqueue(CHUNK);
    },
  });
}

function postBig(url: string, withLength: boolean): Promise<Response> {
  const headers: Record<string, string> = {
    "x-github-event": "issues",
    "x-github-delivery": "big-1",
    "x-hub-signature-256": sign(TEST_SECRET, "irrelevant"),
  };
  if (withLength) headers["content-length"] = String(BODY_BYTES);
  return fetch(url + WEBHOOK_PATH, { method: "POST", headers, body: bigBody(), duplex: "half" } as RequestInit);
}

// A full collection before measuring, so garbage of earlier tests cannot hide growth.
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/** Runs `work` while sampling heap and array-buffer use; returns the largest growth seen. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
  collectGarbage();
  const before = used();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 2);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, used()) - before;
}

describe("createServer: body limit", () => {
  let ran = 0;
  const appFn = ({ app }: { app: TestServer["app"] }) => app.onAny(() => void ran++);
  let test: TestServer;
  afterEach(() => test?.close());

  for (const withLength of [true, false]) {
    const label = withLength ? "an honest Content-Length" : "chunked transfer";
    it(`answers 413 to a 26 MiB body with ${label}, without running handlers`, async () => {
      test = await startTestServer(appFn);
      const response = await postBig(test.url, withLength);
      expect(response.status).to.equal(413);
      expect(((await response.json()) as { error: string }).error).to.include("25 MiB");
      expect(ran).to.equal(0);
    });

    it(`does not hold a body past the limit in memory (${label})`, async () => {
      test = await startTestServer(appFn, { maxBodyBytes: 1 * MiB });
      let status = 0;
      const growth = await peakGrowth(async () => {
        status = (await postBig(test.url, withLength)).status;
      });
      expect(status).to.equal(413);
      expect(growth).to.be.below(BODY_BYTES / 3);
    });
  }
});
