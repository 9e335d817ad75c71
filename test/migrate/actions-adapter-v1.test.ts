import { expect } from "chai";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// probot-actions-adapter (1.x on Probot 9, 2.0 on Probot 10) came before @probot/adapter-github-actions:
// its module is one function, `adapt(app)`, that runs the app on a Probot of its own. Left as it was,
// the migrated app (context.client) ran on that Probot and its action failed.
const ADAPTER = "probot-actions-adapter";

/** [what it shows, file name, source, what app migrate writes]. */
const REWRITTEN: ReadonlyArray<[string, string, string, string]> = [
  [
    "the adapter required and called",
    "action.js",
    `// Require the adapter\nconst adapt = require('${ADAPTER}')\n\n// Require your Probot app's entrypoint\nconst probot = require('./index')\n\nadapt(probot)\n`,
    `// Require the adapter\nconst { run: adapt } = require('gh-app-kit/actions')\n\n// Require your Probot app's entrypoint\nconst probot = require('./index')\n\nadapt(probot)\n`,
  ],
  [
    "the adapter required under the name run",
    "action.js",
    `const run = require("${ADAPTER}");\nconst app = require("./index.js");\nrun(app);\n`,
    `const { run } = require("gh-app-kit/actions");\nconst app = require("./index.js");\nrun(app);\n`,
  ],
  [
    "the adapter imported in an ES module",
    "action.mjs",
    `import adapt from "${ADAPTER}";\nimport probot from "./index.js";\n\nadapt(probot);\n`,
    `import { run as adapt } from "gh-app-kit/actions";\nimport probot from "./index.js";\n\nadapt(probot);\n`,
  ],
  [
    "the adapter imported in TypeScript, its promise awaited",
    "src/action.ts",
    `import adapt from '${ADAPTER}'\nimport app from './index'\n\nawait adapt(app)\n`,
    `import { run as adapt } from 'gh-app-kit/actions'\nimport app from './index'\n\nawait adapt(app)\n`,
  ],
];

/** [what it shows, file name, source, a part of what the report says]. */
const REPORTED: ReadonlyArray<[string, string, string, string]> = [
  [
    "the adapter given two app functions (run() takes one, or an array)",
    "action.js",
    `const adapt = require("${ADAPTER}");\nadapt(require("./a"), require("./b"));\n`,
    'run([appA, appB]) for adapt(appA, appB), from "gh-app-kit/actions"',
  ],
  [
    "the adapter's module called where it is required",
    "action.js",
    `require("${ADAPTER}")(require("./index"));\n`,
    'run([appA, appB]) for adapt(appA, appB), from "gh-app-kit/actions"',
  ],
  [
    "the adapter handed on to other code",
    "action.js",
    `const adapt = require("${ADAPTER}");\nmodule.exports = { adapt };\n`,
    'run([appA, appB]) for adapt(appA, appB), from "gh-app-kit/actions"',
  ],
];

describe("app migrate: probot-actions-adapter, the Actions adapter before Probot's own", () => {
  for (const [title, file, before, after] of REWRITTEN) {
    it(`rewrites ${title}`, () => {
      const result = migrateSource(file, before);
      expect(result.problems.map((problem) => problem.message)).to.deep.equal([]);
      expect(result.code).to.equal(after);
      expect(result.changes.map((change) => change.text)).to.include(`"${ADAPTER}" → "gh-app-kit/actions"`);
      expect(migrateSource(file, result.code).code).to.equal(result.code);
    });
  }

  for (const [title, file, code, problem] of REPORTED) {
    it(`reports ${title} and leaves the file as it was`, () => {
      const result = migrateSource(file, code);
      expect(result.code).to.equal(code);
      const said = result.problems.map((p) => `${p.message} ${p.hint}`).join("\n");
      expect(said).to.include(problem);
      expect(said).not.to.include("A Probot extension");
    });
  }
});

describe("app migrate: a JavaScript action on probot-actions-adapter", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-actions-v1-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("runs the app with gh-app-kit/actions' run() and drops the adapter", async () => {
    const manifest = { name: "action", dependencies: { probot: "^9.5.3", [ADAPTER]: "^1.0.5" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "action.js"), `const adapt = require("${ADAPTER}");\nadapt(require("./index"));\n`);
    await writeFile(
      join(dir, "index.js"),
      'module.exports = (app) => {\n  app.on("push", (context) => context.github.repos.get(context.repo()));\n};\n',
    );
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0" });
    expect(report.files.find((f) => f.file === "package.json")?.changes.map((c) => c.text)).to.include(
      `dependencies: - ${ADAPTER}@^1.0.5 (action.js imports gh-app-kit/actions instead)`,
    );
    expect(await readFile(join(dir, "action.js"), "utf8")).to.equal(
      'const { run: adapt } = require("gh-app-kit/actions");\nadapt(require("./index"));\n',
    );
    expect(await readFile(join(dir, "index.js"), "utf8")).to.include("context.client.repos.get");
    const problems = report.files.flatMap((f) => f.problems).map((p) => `${p.message} ${p.hint}`);
    expect(problems.join("\n")).not.to.include(ADAPTER);
    expect((await migrateApp({ directory: dir, framework: "^1.0.0" })).diff).to.equal("");
  });

  it("keeps the adapter, and says why, while a file still calls it another way", async () => {
    const manifest = { name: "action", dependencies: { probot: "^10.1.1", [ADAPTER]: "^2.0.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const action = `require("${ADAPTER}")(require("./index"), require("./other"));\n`;
    await writeFile(join(dir, "action.js"), action);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0", [ADAPTER]: "^2.0.0" });
    expect(await readFile(join(dir, "action.js"), "utf8")).to.equal(action);
    const problems = report.files.flatMap((f) => f.problems).map((p) => p.message);
    expect(problems.join("\n")).to.include(`uses "${ADAPTER}"`);
  });
});
