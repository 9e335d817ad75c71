import { expect } from "chai";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";

const ADAPTER = "@probot/adapter-aws-lambda-serverless";

/** [what it shows, file name, the adapter's handler file, what app migrate writes]. */
const REWRITTEN: ReadonlyArray<[string, string, string, string]> = [
  [
    "the CommonJS handler of the adapter's README",
    "handler.js",
    `const {\n  createLambdaFunction,\n  createProbot,\n} = require("${ADAPTER}");\nconst appFn = require("./");\nmodule.exports.webhooks = createLambdaFunction(appFn, {\n  probot: createProbot(),\n});\n`,
    `const {\n  createLambdaHandler,\n  createApp,\n} = require("gh-app-kit");\nconst appFn = require("./");\nmodule.exports.webhooks = createLambdaHandler(appFn, {\n  app: createApp(),\n});\n`,
  ],
  [
    "an ES module handler",
    "handler.mjs",
    `import { createLambdaFunction, createProbot } from "${ADAPTER}";\nimport appFn from "./index.js";\nexport const webhooks = createLambdaFunction(appFn, { probot: createProbot() });\n`,
    `import { createLambdaHandler, createApp } from "gh-app-kit";\nimport appFn from "./index.js";\nexport const webhooks = createLambdaHandler(appFn, { app: createApp() });\n`,
  ],
  [
    "aliased imports keep their aliases",
    "src/aws-lambda.ts",
    `import { createLambdaFunction as lambda, createProbot as makeProbot } from '${ADAPTER}'\nimport appFn from './app'\n\nexport const handler = lambda(appFn, { probot: makeProbot() })\n`,
    `import { createLambdaHandler as lambda, createApp as makeProbot } from 'gh-app-kit'\nimport appFn from './app'\n\nexport const handler = lambda(appFn, { app: makeProbot() })\n`,
  ],
  [
    "aliased CommonJS destructuring, and a Probot made beforehand",
    "netlify/functions/webhooks.js",
    `const { createLambdaFunction: toLambda, createProbot: make } = require('${ADAPTER}')\nconst probot = make({ overrides: { githubToken: process.env.TOKEN } })\nexports.handler = toLambda(require('../../lib'), { probot })\n`,
    `const { createLambdaHandler: toLambda, createApp: make } = require('gh-app-kit')\nconst probot = make({ overrides: { platformToken: process.env.TOKEN } })\nexports.handler = toLambda(require('../../lib'), { app: probot })\n`,
  ],
  [
    "Probot's own names, which the adapter re-exports, and its types",
    "src/lambda.ts",
    `import { createLambdaFunction, createProbot, Probot } from "${ADAPTER}";\nimport app from "./index.js";\nconst probot: Probot = createProbot();\nconst fn = app as unknown as Parameters<typeof createLambdaFunction>[0];\nexport const webhooks = createLambdaFunction(fn, { probot });\n`,
    `import { createLambdaHandler, createApp, App } from "gh-app-kit";\nimport app from "./index.js";\nconst probot: App = createApp();\nconst fn = app as unknown as Parameters<typeof createLambdaHandler>[0];\nexport const webhooks = createLambdaHandler(fn, { app: probot });\n`,
  ],
];

/** [what it shows, file name, source, substring of the problem reported]: the file is left as it was. */
const REPORTED: ReadonlyArray<[string, string, string, string]> = [
  [
    "options the migration cannot see",
    "handler.js",
    `const { createLambdaFunction } = require("${ADAPTER}");\nmodule.exports.make = (appFn, options) => createLambdaFunction(appFn, options);\n`,
    "createLambdaFunction",
  ],
  [
    "a name gh-app-kit does not have (the adapter's first release)",
    "handler.js",
    `const { serverless } = require("${ADAPTER}");\nmodule.exports.probot = serverless(require("./"));\n`,
    "serverless",
  ],
  [
    "the whole module under one name",
    "handler.mjs",
    `import * as adapter from "${ADAPTER}";\nexport const webhooks = adapter.createLambdaFunction(app, { probot: adapter.createProbot() });\n`,
    ADAPTER,
  ],
];

describe("app migrate: Probot's AWS Lambda adapter", () => {
  for (const [title, file, before, after] of REWRITTEN) {
    it(`rewrites ${title}`, () => {
      const result = migrateSource(file, before);
      expect(result.problems.map((problem) => problem.message)).to.deep.equal([]);
      expect(result.code).to.equal(after);
      const changes = result.changes.map((change) => change.text);
      expect(changes).to.include.members([`"${ADAPTER}" → "gh-app-kit"`, "option probot → app"]);
      expect(changes.some((text) => text.startsWith("createLambdaFunction → createLambdaHandler"))).to.equal(true);
      // A second run changes nothing.
      expect(migrateSource(file, result.code).code).to.equal(result.code);
    });
  }

  for (const [title, file, code, problem] of REPORTED) {
    it(`reports ${title} and leaves the file as it was`, () => {
      const result = migrateSource(file, code);
      expect(result.code).to.equal(code);
      const messages = result.problems.map((p) => `${p.message} ${p.hint}`).join("\n");
      expect(messages).to.include(problem);
      expect(messages).to.include("createLambdaHandler");
    });
  }
});

describe("app migrate: a folder deployed with Probot's AWS Lambda adapter", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-lambda-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const handler = `const { createLambdaFunction, createProbot } = require("${ADAPTER}");\nmodule.exports.webhooks = createLambdaFunction(require("./"), { probot: createProbot() });\n`;

  it("drops the adapter from package.json and puts gh-app-kit in its place", async () => {
    const manifest = { name: "lambda-app", dependencies: { [ADAPTER]: "^4.0.0", lodash: "^4.0.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "handler.js"), handler);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0", lodash: "^4.0.0" });
    expect(await readFile(join(dir, "handler.js"), "utf8")).to.include("createLambdaHandler");
    const all = report.files.flatMap((f) => f.problems.map((p) => p.message));
    expect(all).to.deep.equal([]);
    expect(report.files.find((f) => f.file === "package.json")?.changes.map((c) => c.text)).to.include(
      `dependencies: - ${ADAPTER}@^4.0.0 (handler.js imports gh-app-kit instead)`,
    );
    expect((await migrateApp({ directory: dir, framework: "^1.0.0" })).diff).to.equal("");
  });

  it("replaces probot and drops the adapter when both are declared", async () => {
    const manifest = { name: "lambda-app", dependencies: { probot: "^13.0.0", [ADAPTER]: "^4.0.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "handler.js"), handler);
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0" });
  });

  it("keeps the adapter while a file it could not rewrite still imports it, and says so", async () => {
    const manifest = { name: "lambda-app", dependencies: { probot: "^13.0.0", [ADAPTER]: "^4.0.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "handler.js"), handler);
    await writeFile(join(dir, "other.js"), `const { serverless } = require("${ADAPTER}");\nserverless();\n`);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0", [ADAPTER]: "^4.0.0" });
    const problems = report.files.find((f) => f.file === "package.json")?.problems.map((p) => p.message);
    expect(problems?.join("\n")).to.include(ADAPTER);
  });
});
