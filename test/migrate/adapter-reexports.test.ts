import { expect } from "chai";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// Probot's adapters for Azure Functions and GitHub Actions are probot's exports plus one function of
// their own, as the Lambda adapter (lambda-adapter.test.ts): a test that takes Probot from one of them
// gets Probot's class, which the migrated app (context.client) does not run on.
const AZURE = "@probot/adapter-azure-functions";
const ACTIONS = "@probot/adapter-github-actions";

/** [what it shows, file name, source, what app migrate writes]. */
const REWRITTEN: ReadonlyArray<[string, string, string, string]> = [
  [
    "a test that takes Probot and its client from the Azure adapter",
    "test.js",
    `const { Probot, ProbotOctokit } = require("${AZURE}");\nconst probot = new Probot({ githubToken: "test", Octokit: ProbotOctokit.defaults({ retry: { enabled: false } }) });\nprobot.load(require("./src/app"));\n`,
    `const { App, AppClient } = require("gh-app-kit");\nconst probot = new App({ platformToken: "test", Client: AppClient.defaults({ retry: { enabled: false } }) });\nprobot.load(require("./src/app"));\n`,
  ],
  [
    "an ES module test that imports them from the Actions adapter",
    "test/index.test.mjs",
    `import { Probot, ProbotOctokit } from "${ACTIONS}";\nexport const probot = new Probot({ githubToken: "t", Octokit: ProbotOctokit });\n`,
    `import { App, AppClient } from "gh-app-kit";\nexport const probot = new App({ platformToken: "t", Client: AppClient });\n`,
  ],
  [
    "a type taken from the Actions adapter",
    "src/types.ts",
    `import type { Context } from '${ACTIONS}'\nexport const issue = (context: Context<'issues'>) => context.octokit.issues\n`,
    `import type { Context } from 'gh-app-kit'\nexport const issue = (context: Context<'issues'>) => context.client.issues\n`,
  ],
  // gh-app-kit/actions has the adapter's run(app), and every name of the package root beside it.
  [
    "the Actions adapter's run()",
    "index.js",
    `const { run } = require("${ACTIONS}");\nrun(require("./app")).catch((error) => {\n  console.error(error);\n  process.exit(1);\n});\n`,
    `const { run } = require("gh-app-kit/actions");\nrun(require("./app")).catch((error) => {\n  console.error(error);\n  process.exit(1);\n});\n`,
  ],
  [
    "run() taken from the required adapter",
    "index.js",
    `const probotApp = require('./app')\n\nif (process.env.GITHUB_ACTIONS) {\n  require('${ACTIONS}').run(probotApp)\n}\n`,
    `const probotApp = require('./app')\n\nif (process.env.GITHUB_ACTIONS) {\n  require('gh-app-kit/actions').run(probotApp)\n}\n`,
  ],
  [
    "run() imported in an ES module, in TypeScript",
    "src/main.ts",
    `import { run } from '${ACTIONS}'\nimport app from './app'\n\nawait run(app)\n`,
    `import { run } from 'gh-app-kit/actions'\nimport app from './app'\n\nawait run(app)\n`,
  ],
  [
    "the adapter imported whole, as TypeScript's default import of its CommonJS build",
    "src/main.ts",
    `import { setFailed } from '@actions/core';\nimport run from '${ACTIONS}';\nimport action from './action';\n\ntry {\n  await run.run(action);\n} catch (error) {\n  setFailed(String(error));\n}\n`,
    `import { setFailed } from '@actions/core';\nimport * as run from 'gh-app-kit/actions';\nimport action from './action';\n\ntry {\n  await run.run(action);\n} catch (error) {\n  setFailed(String(error));\n}\n`,
  ],
  [
    "the adapter required whole",
    "index.js",
    `const adapter = require("${ACTIONS}");\nadapter.run(require("./app"));\n`,
    `const adapter = require("gh-app-kit/actions");\nadapter.run(require("./app"));\n`,
  ],
  [
    "the adapter imported as a namespace, a Probot name read from it",
    "index.mjs",
    `import * as adapter from "${ACTIONS}";\nimport app from "./app.js";\nexport const probot = new adapter.Probot({});\nawait adapter.run(app);\n`,
    `import * as adapter from "gh-app-kit/actions";\nimport app from "./app.js";\nexport const probot = new adapter.App({});\nawait adapter.run(app);\n`,
  ],
  [
    "run() beside Probot's names",
    "index.mjs",
    `import { run, Probot } from "${ACTIONS}";\nexport const start = (app) => (process.env.CI ? new Probot({}) : run(app));\n`,
    `import { run, App } from "gh-app-kit/actions";\nexport const start = (app) => (process.env.CI ? new App({}) : run(app));\n`,
  ],
];

/** [what it shows, file name, source, substring of the problem reported]: the file is left as it was. */
const REPORTED: ReadonlyArray<[string, string, string, string]> = [
  [
    "the Azure adapter's own function beside Probot's names",
    "src/functions/ProbotFunction.js",
    `const { createAzureFunctionV4, createProbot } = require("${AZURE}");\nmodule.exports = createAzureFunctionV4(require("../app"), { probot: createProbot() });\n`,
    "createWebHandler",
  ],
];

describe("app migrate: what Probot's Azure Functions and GitHub Actions adapters re-export of probot", () => {
  for (const [title, file, before, after] of REWRITTEN) {
    it(`rewrites ${title}`, () => {
      const result = migrateSource(file, before);
      expect(result.problems.map((problem) => problem.message)).to.deep.equal([]);
      expect(result.code).to.equal(after);
      expect(result.changes.map((change) => change.text).join("\n")).to.match(
        /"@probot\/adapter-[a-z-]+" → "gh-app-kit(\/actions)?"/,
      );
      expect(migrateSource(file, result.code).code).to.equal(result.code);
    });
  }

  for (const [title, file, code, problem] of REPORTED) {
    it(`reports ${title} and leaves the file as it was`, () => {
      const result = migrateSource(file, code);
      expect(result.code).to.equal(code);
      expect(result.problems.map((p) => `${p.message} ${p.hint}`).join("\n")).to.include(problem);
    });
  }
});

describe("app migrate: a folder with Probot's Azure Functions adapter", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-adapters-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const test = `const { Probot, ProbotOctokit } = require("${AZURE}");\nconst probot = new Probot({ githubToken: "test", Octokit: ProbotOctokit });\nprobot.load(require("./app"));\n`;
  const fn = `const { createAzureFunctionV4, createProbot } = require("${AZURE}");\nmodule.exports = createAzureFunctionV4(require("./app"), { probot: createProbot() });\n`;

  it("keeps the adapter while its function still uses it, and moves the test to gh-app-kit", async () => {
    const manifest = { name: "azure-app", dependencies: { probot: "^14.0.0", [AZURE]: "^1.1.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "test.js"), test);
    await writeFile(join(dir, "function.js"), fn);
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0", [AZURE]: "^1.1.0" });
    expect(await readFile(join(dir, "test.js"), "utf8")).to.include('require("gh-app-kit")');
    expect(await readFile(join(dir, "function.js"), "utf8")).to.equal(fn);
  });

  it("drops the adapter once no file imports it", async () => {
    const manifest = { name: "azure-app", dependencies: { probot: "^14.0.0", [AZURE]: "^1.1.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "test.js"), test);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0" });
    expect(report.files.find((f) => f.file === "package.json")?.changes.map((c) => c.text)).to.include(
      `dependencies: - ${AZURE}@^1.1.0 (test.js imports gh-app-kit instead)`,
    );
    expect((await migrateApp({ directory: dir, framework: "^1.0.0" })).diff).to.equal("");
  });
});

describe("app migrate: a JavaScript action on Probot's GitHub Actions adapter", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-actions-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("moves run() to gh-app-kit/actions and drops the adapter", async () => {
    const manifest = { name: "action", dependencies: { probot: "^13.0.0", [ACTIONS]: "^2.0.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "index.js"), `const { run } = require("${ACTIONS}");\nrun(require("./app"));\n`);
    await writeFile(
      join(dir, "app.js"),
      'module.exports = (app) => {\n  app.on("push", (context) => context.octokit.repos.get(context.repo()));\n};\n',
    );
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0" });
    expect(report.files.find((f) => f.file === "package.json")?.changes.map((c) => c.text)).to.include(
      `dependencies: - ${ACTIONS}@^2.0.0 (index.js imports gh-app-kit/actions instead)`,
    );
    expect(await readFile(join(dir, "index.js"), "utf8")).to.equal(
      'const { run } = require("gh-app-kit/actions");\nrun(require("./app"));\n',
    );
    expect(await readFile(join(dir, "app.js"), "utf8")).to.include("context.client.repos.get");
    const problems = report.files.flatMap((f) => f.problems).map((p) => `${p.message} ${p.hint}`);
    expect(problems.join("\n")).not.to.match(/adapter-github-actions/);
    expect((await migrateApp({ directory: dir, framework: "^1.0.0" })).diff).to.equal("");
  });
});
