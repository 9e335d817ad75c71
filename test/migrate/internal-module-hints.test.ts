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
