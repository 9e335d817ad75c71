import { expect } from "chai";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateSource } from "../../src/migrate/migrate-source.js";
import { migrateAndRun } from "../helpers/migrate-and-run.js";

/**
 * Probot 7 to 12 signed and verified at once (`webhooks.sign(payload)` gave the signature, `verify` a
 * boolean); Probot 13 and gh-app-kit answer with a promise. [what it shows, file, before, after].
 */
const AWAITED: ReadonlyArray<[string, string, string, string]> = [
  [
    "a signature made in an async test (Probot 11's adapter tests)",
    "test/index.test.js",
    'test("happy path", async () => {\n  const signature = probot.webhooks.sign(payload);\n  await fn({ headers: { "x-hub-signature": signature }, body: payload });\n});\n',
    'test("happy path", async () => {\n  const signature = await probot.webhooks.sign(payload);\n  await fn({ headers: { "x-hub-signature": signature }, body: payload });\n});\n',
  ],
  [
    "a verification given to an assertion, in an async function",
    "test/verify.test.js",
    "it('verifies', async function () {\n  expect(app.webhooks.verify(body, header)).toBe(true)\n})\n",
    "it('verifies', async function () {\n  expect(await app.webhooks.verify(body, header)).toBe(true)\n})\n",
  ],
  [
    "a member of the answer read at once, in parentheses",
    "test/sign.test.ts",
    "async function header(probot: any, body: string) {\n  return { signature: probot.webhooks.sign(body).slice(0) };\n}\n",
    "async function header(probot: any, body: string) {\n  return { signature: (await probot.webhooks.sign(body)).slice(0) };\n}\n",
  ],
];

/** [what it shows, file, source]: left as it is, with no problem. */
const UNTOUCHED: ReadonlyArray<[string, string, string]> = [
  ["a call already awaited", "a.js", "async () => { const s = await probot.webhooks.sign(p); }\n"],
  ["a call followed with then()", "b.js", "probot.webhooks.sign(p).then((s) => send(s));\n"],
  ["a call an async function returns", "c.js", "const sign = async (p) => probot.webhooks.sign(p);\n"],
  ["another object's sign()", "d.js", "async () => { const s = jwt.sign(p); }\n"],
];

describe("app migrate: webhooks.sign() and verify(), at once on Probot 12 and earlier", () => {
  for (const [title, file, before, after] of AWAITED) {
    it(`awaits ${title}`, () => {
      const result = migrateSource(file, before);
      expect(result.problems).to.deep.equal([]);
      expect(result.code).to.equal(after);
      expect(result.changes.map((change) => change.text).join("\n")).to.match(/webhooks\.(sign|verify)\(\) → await/);
      // A second run changes nothing.
      expect(migrateSource(file, result.code).code).to.equal(result.code);
    });
  }

  for (const [title, file, code] of UNTOUCHED) {
    it(`leaves ${title}`, () => {
      const result = migrateSource(file, code);
      expect(result.code).to.equal(code);
      expect(result.problems).to.deep.equal([]);
    });
  }

  it("reports a call in a function that is not async, and leaves it", () => {
    const code = 'function headers(probot, body) {\n  return { "x-hub-signature": probot.webhooks.sign(body) };\n}\n';
    const result = migrateSource("test/support.js", code);
    expect(result.code).to.equal(code);
    const problem = result.problems.find((p) => p.message.includes("webhooks.sign()"));
    expect(problem?.line).to.equal(2);
    expect(problem?.hint).to.include("await");
  });
});

describe("app migrate: a Probot 11 test that signs a delivery runs after migrate", function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-sign-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("verifies the signature it made and runs the handler", async () => {
    // As probot/serverless-lambda's tests on Probot 11: the signature, made without await, in the old header.
    const output = await migrateAndRun(
      dir,
      "^11.0.6",
      `const { Probot } = require("probot");
(async () => {
  const probot = new Probot({ githubToken: "test", secret: "webhooksecret123" });
  const seen = [];
  probot.on("push", async (context) => { seen.push(context.payload.ref); });
  const payload = JSON.stringify({ ref: "refs/heads/main" });
  const signature = probot.webhooks.sign(payload);
  const headers = { "x-github-delivery": "1", "x-github-event": "push", "x-hub-signature": signature };
  await probot.webhooks.verifyAndReceive({ id: headers["x-github-delivery"], name: headers["x-github-event"], signature: headers["x-hub-signature-256"] || headers["x-hub-signature"], payload });
  console.log(JSON.stringify({ seen, valid: probot.webhooks.verify(payload, signature) }));
})().catch((error) => { console.log(JSON.stringify({ error: error.message })); });
`,
    );
    expect(JSON.parse(output.trim().split("\n").pop()!)).to.deep.equal({ seen: ["refs/heads/main"], valid: true });
  });
});
