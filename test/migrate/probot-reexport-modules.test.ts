import { expect } from "chai";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";

// As probot/adapter-aws-lambda-serverless: its index.js hands on all of probot beside a function of its own
// (module.exports = { ...require("probot"), createLambdaFunction }), and its test takes Probot's names from
// it (const { createLambdaFunction, Probot, ProbotOctokit } = require("../index")). After app migrate that
// module hands on gh-app-kit's names, but the test still asked for Probot's: `ProbotOctokit` was undefined,
// and all 4 of its tests failed.
const LAMBDA_INDEX = [
  'const ProbotExports = require("probot");',
  "module.exports = { ...ProbotExports, createLambdaFunction };",
  "function createLambdaFunction(app, { probot }) {",
  "  probot.load(app);",
  "  return (event) => probot.webhooks.verifyAndReceive(event);",
  "}",
  "",
].join("\n");

/** [what it shows, files of the app, the file checked, what app migrate writes there]. */
const CASES: ReadonlyArray<[string, Record<string, string>, string, string]> = [
  [
    "a CommonJS module that spreads probot's exports, and a test that takes Probot's names from it",
    {
      "index.js": LAMBDA_INDEX,
      "test/index.test.js":
        'const { createLambdaFunction, Probot, ProbotOctokit } = require("../index");\nconst probot = new Probot({ githubToken: "test", Octokit: ProbotOctokit.defaults({}) });\ncreateLambdaFunction(() => {}, { probot });\n',
    },
    "test/index.test.js",
    'const { createLambdaFunction, App, AppClient } = require("../index");\nconst probot = new App({ platformToken: "test", Client: AppClient.defaults({}) });\ncreateLambdaFunction(() => {}, { probot });\n',
  ],
  [
    "a module that is probot (module.exports = require)",
    {
      "lib/probot.js": 'module.exports = require("probot");\n',
      "app.js": 'const { createProbot } = require("./lib/probot");\nmodule.exports = createProbot();\n',
    },
    "app.js",
    'const { createApp } = require("./lib/probot");\nmodule.exports = createApp();\n',
  ],
  [
    "an ES module that re-exports all of probot beside a createProbot of its own",
    {
      "src/probot.ts": 'export * from "probot";\nexport function createProbot() {\n  return 1;\n}\n',
      "src/main.ts":
        'import { createProbot, Probot } from "./probot.js";\nexport const made = [createProbot(), new Probot({ githubToken: "t" })];\n',
    },
    "src/main.ts",
    'import { createProbot, App } from "./probot.js";\nexport const made = [createProbot(), new App({ platformToken: "t" })];\n',
  ],
];

describe("app migrate: the app's own modules that hand on all of probot", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "reexports-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  for (const [title, files, checked, expected] of CASES) {
    it(`renames Probot's names taken from ${title}`, async () => {
      const manifest = { name: "reexporting-app", dependencies: { probot: "^13.4.1" } };
      await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      for (const [file, code] of Object.entries(files)) {
        await mkdir(join(dir, file, ".."), { recursive: true });
        await writeFile(join(dir, file), code);
      }
      await migrateApp({ directory: dir, framework: "^1.0.0" });
      expect(await readFile(join(dir, checked), "utf8")).to.equal(expected);
      expect((await migrateApp({ directory: dir, framework: "^1.0.0" })).diff).to.equal("");
    });
  }

  it("leaves a module's names alone when the module does not hand on probot", async () => {
    await writeFile(join(dir, "package.json"), '{ "name": "x", "dependencies": { "probot": "^13.4.1" } }\n');
    await writeFile(join(dir, "own.js"), "class Probot {}\nmodule.exports = { Probot };\n");
    const test = 'const { Probot } = require("./own");\nmodule.exports = new Probot();\n';
    await writeFile(join(dir, "test.js"), test);
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(await readFile(join(dir, "test.js"), "utf8")).to.equal(test);
  });
});
