import { expect } from "chai";
import { createHmac } from "node:crypto";
import { request } from "node:http";
import { sign } from "../helpers/sign.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { startTestServer, WEBHOOK_PATH, type TestServer } from "../server/start-test-server.js";
import { rawRequest, requestHead } from "./raw-http.js";

/** POSTs `body` with the given signature header value(s); an array sends the header once per value. */
function post(url: string, body: string, signature: string | string[] | undefined): Promise<number> {
  const headers: Record<string, string | string[]> = {
    "content-type": "application/json",
    "x-github-event": "issues",
    "x-github-delivery": "sig-1",
  };
  if (signature !== undefined) headers["x-hub-signature-256"] = signature;
  return new Promise((resolve, reject) => {
    const outgoing = request(url + WEBHOOK_PATH, { method: "POST", headers }, (response) => {
      response.resume().on("end", () => resolve(response.statusCode ?? 0));
    });
    outgoing.on("error", reject).end(body);
  });
}

describe("hardening: signature", () => {
  const titles: string[] = [];
  let test: TestServer;
  before(async () => {
    test = await startTestServer(({ app }) =>
      app.on("issues", (context) => void titles.push(context.payload.issue.title)),
    );
  });
  after(() => test.close());
  beforeEach(() => {
    titles.length = 0;
    test.logs.clear();
  });

  const body = JSON.stringify(issuesOpenedPayload());
  const good = sign(TEST_SECRET, body);
  const hex = good.slice("sha256=".length);
  const sha1 = `sha1=${createHmac("sha1", TEST_SECRET).update(body).digest("hex")}`;
  const bad: ReadonlyArray<[label: string, header: string | string[] | undefined]> = [
    ["an empty header", ""],
    ["the prefix alone", "sha256="],
    ["a digest one digit short", good.slice(0, -1)],
    ["a digest one digit long", `${good}0`],
    ["a digest with a non-hex digit", `sha256=${hex.slice(0, -1)}g`],
    ["the right digest in upper case", `sha256=${hex.toUpperCase()}`],
    ["an upper-case prefix", `SHA256=${hex}`],
    ["a space after the prefix", `sha256= ${hex}`],
    ["only an X-Hub-Signature-style sha1= value", sha1],
    ["no X-Hub-Signature-256 at all", undefined],
    ["the header sent twice", [good, good]],
    ["two values joined by a comma", `${good},${good}`],
    ["a sha1 and a sha256 value joined", `${sha1}, ${good}`],
  ];
  for (const [label, header] of bad) {
    it(`answers 400 and runs nothing for ${label}`, async () => {
      expect(await post(test.url, body, header)).to.equal(400);
      expect(titles).to.deep.equal([]);
    });
  }

  it("stays up after every malformed signature", async () => {
    for (const [, header] of bad) await post(test.url, body, header);
    expect(await post(test.url, body, good)).to.equal(200);
    expect((await fetch(`${test.url}/ping`)).status).to.equal(200);
  });

  it("verifies the exact bytes sent, not JSON re-serialised", async () => {
    const spaced = `{ "action": "opened",\n  "issue": {"number": 7, "title": "caf\\u00e9"}, "repository": {"name": "hello", "owner": {"login": "octo"}} }`;
    expect(await post(test.url, spaced, sign(TEST_SECRET, spaced))).to.equal(200);
    expect(titles).to.deep.equal(["café"]);
  });

  it("verifies a chunked body whose chunks split multi-byte UTF-8 characters", async () => {
    const text = JSON.stringify({ ...issuesOpenedPayload(), issue: { number: 7, title: "naïve 🚀 日本" } });
    const bytes = Buffer.from(text);
    const rocket = bytes.indexOf(Buffer.from("🚀"));
    const cuts = [bytes.indexOf(Buffer.from("ï")) + 1, rocket + 1, rocket + 3, bytes.indexOf(Buffer.from("日")) + 2];
    const pieces = [0, ...cuts, bytes.length]
      .slice(1)
      .map((end, index, ends) => bytes.subarray(index === 0 ? 0 : ends[index - 1]!, end));
    const chunked = pieces.map((piece) =>
      Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]),
    );
    const head = requestHead(WEBHOOK_PATH, {
      "content-type": "application/json; charset=utf-8",
      "transfer-encoding": "chunked",
      "x-github-event": "issues",
      "x-github-delivery": "split-1",
      "x-hub-signature-256": sign(TEST_SECRET, bytes),
    });
    const response = await rawRequest(test.url, [head, ...chunked, "0\r\n\r\n"], { gapMs: 10 });
    expect(response.status).to.equal(200);
    expect(titles).to.deep.equal(["naïve 🚀 日本"]);
  });
});

describe("hardening: secret rotation", () => {
  const NEW = "new-webhook-secret-5678";
  const OLD = TEST_SECRET;
  let test: TestServer;
  let ran = 0;
  before(async () => {
    test = await startTestServer(({ app }) => app.on("issues", () => void ran++), {
      appOptions: { secret: NEW, additionalSecrets: [OLD] },
    });
  });
  after(() => test.close());
  beforeEach(() => {
    ran = 0;
    test.logs.clear();
  });

  it("accepts a delivery signed with the main secret and logs nothing about rotation", async () => {
    expect((await test.deliver("issues", issuesOpenedPayload(), { secret: NEW })).status).to.equal(200);
    expect(ran).to.equal(1);
    expect(test.logs.records().filter((record) => "secretIndex" in record)).to.deep.equal([]);
  });

  it("accepts a delivery signed with an additional secret and logs which one matched", async () => {
    expect((await test.deliver("issues", issuesOpenedPayload(), { id: "rot-1", secret: OLD })).status).to.equal(200);
    expect(ran).to.equal(1);
    const lines = test.logs.records().filter((record) => record["secretIndex"] === 1);
    expect(lines.some((line) => line["level"] === 30 && String(line["msg"]).includes("additionalSecrets[0]"))).to.equal(
      true,
    );
    expect(lines[0]).to.include({ id: "rot-1" });
  });

  it("refuses a delivery signed with neither, and never logs a secret", async () => {
    expect((await test.deliver("issues", issuesOpenedPayload(), { secret: "some-other-secret" })).status).to.equal(400);
    expect(ran).to.equal(0);
    await test.deliver("issues", issuesOpenedPayload(), { secret: OLD });
    expect(test.logs.text()).not.to.include(NEW).and.not.to.include(OLD);
  });

  it("refuses additionalSecrets that are not a list of strings, saying what to pass", async () => {
    const { createTestApp } = await import("../helpers/test-app.js");
    expect(() => createTestApp(undefined, { additionalSecrets: "old" as never })).to.throw(
      /additionalSecrets must be a list/,
    );
  });
});
