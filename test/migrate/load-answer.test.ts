import { expect } from "chai";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateSource } from "../../src/migrate/migrate-source.js";
import { migrateAndRun } from "../helpers/migrate-and-run.js";

/**
 * Probot 7 to 10's `probot.load(fn)` answered the app (Probot 10: the Probot itself); Probot 11 and later,
 * and gh-app-kit, a promise. Tests read members of the answer. [what it shows, file, before, after].
 */
const REWRITTEN: ReadonlyArray<[string, string, string, string]> = [
  [
    "a logger read from the answer (approveman on Probot 10)",
    "test/index.test.ts",
    'import { Probot } from "probot";\nlet probot: Probot;\nbeforeEach(() => {\n  probot = new Probot({ githubToken: "test" });\n  const app = probot.load(approvemanApp);\n  app.log.info("Test app constructed");\n});\n',
    'import { App } from "gh-app-kit";\nlet probot: App;\nbeforeEach(() => {\n  probot = new App({ platformToken: "test" });\n  const app = (probot.load(approvemanApp), probot);\n  app.log.info("Test app constructed");\n});\n',
  ],
  [
    "the template of Probot 7 to 9, which stubs the app's token",
    "test/index.test.js",
    "const { Probot } = require('probot')\nlet probot, app\nbeforeEach(() => {\n  probot = new Probot({})\n  app = probot.load(myProbotApp)\n  app.app = () => 'test'\n})\n",
    "const { App } = require('gh-app-kit')\nlet probot, app\nbeforeEach(() => {\n  probot = new App({})\n  app = (probot.load(myProbotApp), probot)\n  app.app = () => 'test'\n})\n",
  ],
  [
    "a member of the answer read at once",
    "test/a.test.js",
    'const { createProbot } = require("probot");\nconst robot = createProbot({});\nrobot.load(plugin).on("push", spy);\n',
    'const { createApp } = require("gh-app-kit");\nconst robot = createApp({});\n(robot.load(plugin), robot).on("push", spy);\n',
  ],
];

/** [what it shows, file, source]: the call stays as it is. */
const KEPT: ReadonlyArray<[string, string, string]> = [
  [
    "an answer awaited or not read",
    "a.js",
    'const { Probot } = require("probot");\nconst probot = new Probot({});\nprobot.load(app);\nconst loaded = probot.load(app);\nloaded.then(done);\n',
  ],
  [
    "another object's load() (cheerio, js-yaml)",
    "b.js",
    "const $ = cheerio.load(html);\n$.html();\nyaml.load(text).key;\n",
  ],
];

describe("app migrate: the answer of load(), the app on Probot 10 and earlier", () => {
  for (const [title, file, before, after] of REWRITTEN) {
    it(`rewrites ${title}`, () => {
      const result = migrateSource(file, before);
      expect(result.problems.map((p) => p.message)).to.deep.equal([]);
      expect(result.code).to.equal(after);
      expect(result.changes.map((change) => change.text).join("\n")).to.include("answer of load()");
      // A second run changes nothing.
      expect(migrateSource(file, result.code).code).to.equal(result.code);
    });
  }

  for (const [title, file, code] of KEPT) {
    it(`leaves ${title}`, () => {
      const result = migrateSource(file, code);
      expect(result.code).to.not.include(", probot)");
      expect(result.code).to.not.include(", cheerio)");
      expect(result.changes.map((change) => change.text).join("\n")).to.not.include("answer of load()");
    });
  }
});

describe("app migrate: load() expected to throw, at once on Probot 10", () => {
  for (const [title, before, after] of [
    [
      "in a block (approveman on Probot 10)",
      'const { Probot } = require("probot");\ntest("fails early", async () => {\n  expect(() => {\n    probot = new Probot({ githubToken: "test" });\n    probot.load(approvemanApp);\n  }).toThrow();\n});\n',
      'const { App } = require("gh-app-kit");\ntest("fails early", async () => {\n  expect(() => {\n    probot = new App({ platformToken: "test" });\n    approvemanApp(probot);\n  }).toThrow();\n});\n',
    ],
    [
      "as an arrow's body, with chai",
      'const { Probot } = require("probot");\nconst probot = new Probot({});\nit("throws", () => {\n  expect(() => probot.load(app)).to.throw("GHE_HOST");\n});\n',
      'const { App } = require("gh-app-kit");\nconst probot = new App({});\nit("throws", () => {\n  expect(() => app(probot)).to.throw("GHE_HOST");\n});\n',
    ],
  ] as const) {
    it(`calls the app function itself ${title}`, () => {
      const result = migrateSource("test/enterprise.test.js", before);
      expect(result.problems.map((p) => p.message)).to.deep.equal([]);
      expect(result.code).to.equal(after);
      expect(result.changes.map((change) => change.text).join("\n")).to.include("threw at once");
      expect(migrateSource("test/enterprise.test.js", result.code).code).to.equal(result.code);
    });
  }

  it("reports one whose app function is not a name", () => {
    const code =
      'const { Probot } = require("probot");\nconst probot = new Probot({});\nit("throws", () => {\n  expect(() => probot.load(require("../"))).toThrow();\n});\n';
    const result = migrateSource("test/a.test.js", code);
    const problem = result.problems.find((p) => p.message.includes("load()"));
    expect(problem?.message).to.include("threw at once");
    expect(problem?.hint).to.include(".rejects");
    expect(result.code).to.include("probot.load(require");
  });

  it("says nothing of a load() awaited in the expectation", () => {
    const code =
      'const { Probot } = require("probot");\nconst probot = new Probot({});\nit("rejects", async () => {\n  await expect(probot.load(app)).rejects.toThrow();\n});\n';
    const result = migrateSource("test/a.test.js", code);
    expect(result.problems.map((p) => p.message).join("\n")).to.not.include("load()");
    expect(result.code).to.include("probot.load(app)");
  });
});

describe("app migrate: a Probot 10 test that reads the app from load() runs after migrate", function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-load-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("gets the app, and its handlers run", async () => {
    const output = await migrateAndRun(
      dir,
      "^10.17.2",
      `const { Probot } = require("probot");
const seen = [];
const myApp = (app) => { app.on("push", async (context) => { seen.push(context.payload.ref); }); };
(async () => {
  const probot = new Probot({ githubToken: "test" });
  const app = probot.load(myApp);
  app.log.info("Test app constructed");
  await app.receive({ id: "1", name: "push", payload: { ref: "refs/heads/main" } });
  console.log(JSON.stringify({ seen }));
})().catch((error) => { console.log(JSON.stringify({ error: error.message })); });
`,
    );
    // The app's log line may come after (pino writes it later): the script's answer is the line of JSON.
    const answer = output.split("\n").find((line) => line.startsWith("{"));
    expect(JSON.parse(answer!)).to.deep.equal({ seen: ["refs/heads/main"] });
  });
});
