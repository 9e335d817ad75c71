import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";
import { itLeavesBundles } from "../helpers/left-bundles.js";

// A bundle marks each of probot's modules with its path in node_modules. The path alone did too: a
// source whose comment named it in a sentence, a jest config that maps probot there, or a script that
// imports one of Probot's files by its path were left as they were, "a bundle with probot inside".
const BUNDLE = "left as it was: a bundle with probot inside (build output)";

describe("app migrate: probot's paths in node_modules, in bundles and in the app's own files", () => {
  itLeavesBundles([
    [
      "webpack in development mode, its modules keyed by path",
      "dist/main.js",
      '/******/ (() => {\nvar __webpack_modules__ = ({\n"./node_modules/probot/lib/index.js":\n((module) => { class Probot {} module.exports = { Probot }; }),\n"./index.js": ((module) => { module.exports = (app) => app.on("issues", (context) => context.octokit.issues.get()); })\n});\n})();\n',
    ],
    [
      "esbuild in a workspace, the path above the package",
      "dist/index.js",
      '// ../../node_modules/probot/lib/context.js\nvar Context = class { get octokit() { return this.x; } };\n// src/index.ts\nvar app = (app2) => app2.on("issues", (context) => context.octokit.issues.get());\n',
    ],
  ]);

  it("migrates a source whose comment names a file of probot in a sentence", () => {
    const code = [
      "module.exports = (robot) => {",
      "  robot.on('issues.opened', async (context) => {",
      "    // without installation, node_modules/probot/lib/robot.js:100 will throw an exception",
      "    await context.github.issues.createComment(context.issue({ body: 'hi' }))",
      "  })",
      "}",
      "",
    ].join("\n");
    const result = migrateSource("lib/slack.js", code);
    expect(result.problems.map((p) => p.message)).not.to.include(BUNDLE);
    expect(result.code).to.equal(code.replace("context.github", "context.client"));
  });

  it("leaves a jest config that maps probot to its path, without calling it a bundle", () => {
    const code =
      "module.exports = {\n  moduleNameMapper: { '^probot$': '<rootDir>/node_modules/probot/lib/index.js' },\n};\n";
    const result = migrateSource("jest.config.js", code);
    expect(result.code).to.equal(code);
    expect(result.problems.map((p) => p.message)).not.to.include(BUNDLE);
  });

  it("reports a script that imports one of Probot's files by its path, and migrates the rest", () => {
    const code = [
      'import { receive } from "../node_modules/probot/lib/bin/receive.js";',
      'import { Probot } from "probot";',
      "export const probot = new Probot({ githubToken: 't' });",
      "await receive(process.argv);",
      "",
    ].join("\n");
    const result = migrateSource("scripts/receive.mjs", code);
    expect(result.code).to.include('import { App } from "gh-app-kit";');
    expect(result.code).to.include('"../node_modules/probot/lib/bin/receive.js"');
    const problem = result.problems.find((p) => p.message.includes("by its path in node_modules"));
    expect(problem?.line).to.equal(1);
    expect(problem?.hint).to.include("app receive");
  });
});
