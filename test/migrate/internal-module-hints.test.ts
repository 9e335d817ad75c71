import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/** Probot 7 to 9's serverless adapters (probot/serverless-gcf) took two functions from Probot's internal modules. */
describe("app migrate: Probot 7 to 9's internal modules that serverless adapters used", () => {
  const code = [
    "const { createProbot } = require('probot')",
    "const { resolve } = require('probot/lib/resolver')",
    "const { findPrivateKey } = require('probot/lib/private-key')",
    "module.exports = (appFn) => createProbot({ cert: findPrivateKey() }).load(resolve(appFn))",
    "",
  ].join("\n");

  it("names what takes the place of each, and leaves the imports", () => {
    const result = migrateSource("index.js", code);
    expect(result.code).to.include("require('probot/lib/resolver')");
    expect(result.code).to.include("require('probot/lib/private-key')");
    const hintOf = (line: number) => result.problems.find((p) => p.line === line)?.hint ?? "";
    expect(hintOf(2)).to.include("require.resolve(");
    expect(hintOf(2)).to.include("process.cwd()");
    expect(hintOf(3)).to.include("getPrivateKey()");
    expect(hintOf(3)).to.include("null");
  });

  it("keeps the general hint for another internal module", () => {
    const result = migrateSource("index.js", "const { wrapLogger } = require('probot/lib/wrap-logger')\n");
    expect(result.problems[0]?.hint).to.include("internals are not part of it");
  });
});

/** A start script of the app's own that loads Probot's run command (`process.argv.push("./src/index.ts")` first). */
describe("app migrate: Probot's command files loaded as modules", () => {
  it("says what starts the app in their place: app run, run(process.argv), app receive", () => {
    const code = [
      "#!/usr/bin/env node",
      "require('ts-node').register()",
      "process.argv.push('./src/index.ts')",
      "require('probot/bin/probot-run')",
      "require('probot/bin/probot-receive.js')",
      "",
    ].join("\n");
    const result = migrateSource("bin/start.js", code);
    const hintOf = (line: number) => result.problems.find((p) => p.line === line)?.hint ?? "";
    expect(hintOf(4)).to.include("app run <the app's files>").and.include('run(process.argv) from "gh-app-kit"');
    expect(hintOf(5)).to.include("app receive -e <event> -p <payload file>");
  });
});
