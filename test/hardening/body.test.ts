import { expect } from "chai";
import { sign } from "../helpers/sign.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { startTestServer, WEBHOOK_PATH, type TestServer } from "../server/start-test-server.js";

/** POSTs raw bytes, signed over exactly those bytes, with the given content type. */
function post(
  url: string,
  body: string | Buffer,
  contentType: string | undefined,
  signed: string | Buffer = body,
): Promise<Response> {
  const headers: Record<string, string> = {
    "x-github-event": "issues",
    "x-github-delivery": "body-1",
    "x-hub-signature-256": sign(TEST_SECRET, signed),
  };
  if (contentType !== undefined) headers["content-type"] = contentType;
  return fetch(url + WEBHOOK_PATH, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("hardening: body", () => {
  const seen: unknown[] = [];
  let test: TestServer;
  before(async () => {
    test = await startTestServer(({ app }) =>
      app.on("issues", (context) => void seen.push(context.payload.issue.title)),
    );
  });
  after(() => test.close());
  beforeEach(() => (seen.length = 0));

  const json = JSON.stringify({ ...issuesOpenedPayload(), issue: { number: 7, title: "a+b & c=d 🚀" } });

  const notObjects: ReadonlyArray<[label: string, body: string, message: RegExp]> = [
    ["an empty body", "", /not valid JSON/],
    ["text that is not JSON", "hello", /not valid JSON/],
    ["truncated JSON", json.slice(0, -1), /not valid JSON/],
    ["a JSON array", "[]", /must be a JSON object/],
    ["a JSON string", '"x"', /must be a JSON object/],
    ["a JSON number", "42", /must be a JSON object/],
    ["JSON null", "null", /must be a JSON object/],
    ["JSON true", "true", /must be a JSON object/],
  ];
  for (const [label, body, message] of notObjects) {
    it(`answers 400 to ${label} with a valid signature, running nothing`, async () => {
      const response = await post(test.url, body, "application/json");
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { error: string }).error).to.match(message);
      expect(seen).to.deep.equal([]);
    });
  }

  const types = [
    "application/json",
    "application/json; charset=utf-8",
    "application/json;charset=UTF-8",
    "APPLICATION/JSON",
    "application/json; charset=latin1",
    undefined,
  ];
  for (const type of types) {
    it(`accepts JSON sent as ${type ?? "no content type"}`, async () => {
      expect((await post(test.url, json, type)).status).to.equal(200);
      expect(seen).to.deep.equal(["a+b & c=d 🚀"]);
    });
  }

  it("accepts a form body with one payload field, verified over the raw form bytes", async () => {
    const body = form({ payload: json });
    expect((await post(test.url, body, "application/x-www-form-urlencoded")).status).to.equal(200);
    expect(seen).to.deep.equal(["a+b & c=d 🚀"]);
  });

  it("refuses a form body signed over the decoded JSON instead of the bytes sent", async () => {
    expect((await post(test.url, form({ payload: json }), "application/x-www-form-urlencoded", json)).status).to.equal(
      400,
    );
    expect(seen).to.deep.equal([]);
  });

  const badForms: ReadonlyArray<[label: string, body: string, message: RegExp]> = [
    ["two fields", `${form({ payload: json })}&${form({ other: "1" })}`, /exactly one field, payload/],
    ["the payload field twice", `${form({ payload: json })}&${form({ payload: json })}`, /exactly one field, payload/],
    ["another field only", form({ data: json }), /exactly one field, payload/],
    ["an empty form", "", /exactly one field, payload/],
    ["a payload that is not JSON", form({ payload: "{nope" }), /not valid JSON/],
    ["a payload that is a JSON array", form({ payload: "[1]" }), /must be a JSON object/],
  ];
  for (const [label, body, message] of badForms) {
    it(`answers 400 to a form body with ${label}`, async () => {
      const response = await post(test.url, body, "application/x-www-form-urlencoded; charset=utf-8");
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { error: string }).error).to.match(message);
      expect(seen).to.deep.equal([]);
    });
  }

  it("accepts JSON with invalid UTF-8 inside a string, verified over the raw bytes", async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"action":"opened","issue":{"title":"bad '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}}'),
    ]);
    expect((await post(test.url, bytes, "application/json")).status).to.equal(200);
    expect(seen).to.deep.equal(["bad \ufffd\ufffd"]);
  });
});
