import { expect } from "chai";
import * as framework from "../../src/index.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// Probot 6's package was its createProbot: `module.exports = (options = {}) => { ... }`, so tests of
// that time wrote `const createProbot = require('probot')` and called it. app migrate only renamed the
// module: `createProbot` was then gh-app-kit's namespace, and calling it threw
// `createProbot is not a function` before any test ran.
const SOURCE = [
  "const createProbot = require('probot')",
  "const app = (robot) => { robot.on('issues.opened', () => undefined) }",
  "const probot = createProbot({})",
  "probot.load(app)",
  "module.exports = probot",
  "",
].join("\n");

describe("app migrate: Probot 6's module, which is its createProbot", () => {
  it("takes createApp from gh-app-kit under the app's name, and the app loads on it", () => {
    const result = migrateSource("test/setup.js", SOURCE);
    // The app function's shape is reported as in any app of that time.
    expect(result.problems.filter((problem) => !/the app function takes/.test(problem.message))).to.deep.equal([]);
    expect(result.code.split("\n")[0]).to.equal("const { createApp: createProbot } = require('gh-app-kit')");
    expect(result.changes.map((change) => change.text)).to.include(
      '"probot" → "gh-app-kit" (Probot 6\'s createProbot)',
    );
    const module = { exports: undefined as unknown };
    const load = (name: string) => (name === "gh-app-kit" ? framework : undefined);
    new Function("require", "module", result.code)(load, module);
    expect(module.exports).to.be.instanceOf(framework.App);
    expect(migrateSource("test/setup.js", result.code).code).to.equal(result.code);
  });

  it("rewrites a default import of it that is called", () => {
    const result = migrateSource(
      "test/setup.mjs",
      'import createProbot from "probot";\nexport const probot = createProbot({ id: 1, cert: "test" });\n',
    );
    expect(result.problems).to.deep.equal([]);
    expect(result.code).to.equal(
      'import { createApp as createProbot } from "gh-app-kit";\nexport const probot = createProbot({ id: 1, cert: "test" });\n',
    );
  });

  it("leaves the module read as a namespace (Probot 7 and later) to the renames", () => {
    const result = migrateSource(
      "test/setup.js",
      "const probot = require('probot')\nmodule.exports = probot.createProbot({})\n",
    );
    expect(result.code).to.equal("const probot = require('gh-app-kit')\nmodule.exports = probot.createApp({})\n");
  });
});
