import { expect } from "chai";
import { redeliverFailed } from "../../src/redeliver/redeliver-failed.js";
import { startFakePlatform, type FakePlatform, type FakeResponse } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { runToExit } from "../helpers/spawn-app.js";
import { createTestApp } from "../helpers/test-app.js";

const DELIVERIES = "/app/hook/deliveries";

/** An attempt made `secondsAgo` that failed: one the command would ask for again. */
function failedAttempt(id: number, secondsAgo = 60): Record<string, unknown> {
  return {
    id,
    guid: `guid-${id}`,
    delivered_at: new Date(Date.now() - secondsAgo * 1000).toISOString().replace(/\.\d+Z$/, "Z"),
    redelivery: false,
    status: "Failed",
    status_code: 502,
    event: "issues",
    action: "opened",
  };
}

/** A page that links to `cursor` as its next page. */
function pageLinkingTo(platform: FakePlatform, cursor: string, body: unknown): FakeResponse {
  return {
    status: 200,
    headers: { link: `<${platform.url}${DELIVERIES}?per_page=100&cursor=${cursor}>; rel="next"` },
    body,
  };
}

describe("app redeliver against broken or hostile delivery pages", function () {
  this.timeout(60_000);
  let platform: FakePlatform;
  const redeliver = (...args: string[]) =>
    runToExit({
      command: "redeliver",
      args: ["--base-url", platform.url, ...args],
      env: { APP_ID: "1", PRIVATE_KEY: getTestKeys().privateKeyPkcs1 },
    });

  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(() => platform.close());

  /** Exit 1 with one sentence naming `pattern`, no JavaScript error, nothing redelivered. */
  function expectClearFailure(result: { code: number | null; stderr: string }, pattern: RegExp): void {
    expect(result.code, result.stderr).to.equal(1);
    expect(result.stderr).to.match(pattern);
    expect(result.stderr).not.to.match(/TypeError|ReferenceError|SyntaxError|is not iterable|undefined|\n\s+at /);
    expect(platform.redeliveryRequests()).to.deep.equal([]);
  }

  it("refuses a Link next that points to the page itself, after two requests", async () => {
    platform.on("GET", DELIVERIES, () => pageLinkingTo(platform, "v1_same", [failedAttempt(1)]), { auth: "app" });
    const result = await redeliver();
    expectClearFailure(result, /same page again/);
    expect(platform.callsTo("GET", DELIVERIES)).to.have.length(2);
  });

  it("refuses a Link next that loops back to an earlier page", async () => {
    platform.on(
      "GET",
      DELIVERIES,
      ({ query }) => pageLinkingTo(platform, query.get("cursor") === "v1_b" ? "v1_a" : "v1_b", [failedAttempt(1)]),
      { auth: "app" },
    );
    const result = await redeliver();
    expectClearFailure(result, /same page again/);
    expect(platform.callsTo("GET", DELIVERIES).length).to.be.at.most(3);
  });

  const malformed: Array<[string, FakeResponse, RegExp]> = [
    ["an object instead of a list", { status: 200, body: { deliveries: [] } }, /not a list of deliveries/],
    ["bad JSON", { status: 200, headers: { "content-type": "application/json" }, body: '[{"id": 1,' }, /not a list/],
    ["an item without guid", { status: 200, body: [{ ...failedAttempt(1), guid: undefined }] }, /"guid"/],
    ["an item without id", { status: 200, body: [{ ...failedAttempt(1), id: "x" }] }, /"id"/],
    [
      "an item without status_code",
      { status: 200, body: [{ ...failedAttempt(1), status_code: null }] },
      /"status_code"/,
    ],
    [
      "an item with a bad delivered_at",
      { status: 200, body: [{ ...failedAttempt(1), delivered_at: "yesterday" }] },
      /"delivered_at"/,
    ],
    ["null items", { status: 200, body: [null] }, /item 1/],
  ];
  for (const [name, answer, pattern] of malformed) {
    it(`exits 1 with a sentence on a page with ${name}`, async () => {
      platform.on("GET", DELIVERIES, () => answer, { auth: "app" });
      expectClearFailure(await redeliver(), pattern);
    });
  }

  it("stops after at most maxPages pages of an endless list", async () => {
    let served = 0;
    platform.on("GET", DELIVERIES, () => pageLinkingTo(platform, `v1_${++served}`, [failedAttempt(served)]), {
      auth: "app",
    });
    const { app } = createTestApp(platform);
    try {
      const report = await redeliverFailed({ client: await app.auth(), maxPages: 20 });
      expect(report.error).to.match(/20 pages/);
      expect(report.redelivered).to.deep.equal([]);
      expect(platform.callsTo("GET", DELIVERIES)).to.have.length(20);
    } finally {
      await app.close();
    }
  });

  it("stops at the deadline when pages come too slowly", async () => {
    let served = 0;
    platform.on(
      "GET",
      DELIVERIES,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return pageLinkingTo(platform, `v1_${++served}`, [failedAttempt(served)]);
      },
      { auth: "app" },
    );
    const { app } = createTestApp(platform);
    try {
      const report = await redeliverFailed({ client: await app.auth(), deadlineMs: 500 });
      expect(report.error).to.match(/within 0.5 s/);
      expect(platform.callsTo("GET", DELIVERIES).length).to.be.within(2, 8);
    } finally {
      await app.close();
    }
  });
});
