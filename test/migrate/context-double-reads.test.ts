import { expect } from "chai";
import { runInNewContext } from "node:vm";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// As Cogni-DAO/cogni-git-review's unit tests: a context built by hand, with its payload, whose
// client the test itself reads back by its Probot name (`probotContext.octokit.pulls.get`), and
// hands on through a function that returns it as it is. Renamed to `{ client }` alone, the double
// lost the name its own test reads: `has octokit` failed where it passed on Probot.
const SOURCE = [
  "const probotContext = {",
  "  payload: { action: 'opened', installation: { id: 1 } },",
  "  repo: (o = {}) => ({ owner: 'o', repo: 'r', ...o }),",
  "  octokit: { pulls: { get: async () => ({ data: {} }) } },",
  "};",
  "const mockContext = { payload: {}, octokit: { api: 'mock' } };",
  "const passOn = (context) => context;",
  "const result = passOn(mockContext);",
  "const elsewhere = { payload: {}, octokit: { api: 'other' } };",
  "globalThis.checks = {",
  "  reads: typeof probotContext.octokit.pulls.get,",
  "  passedOn: result.octokit === mockContext.octokit && result.octokit.api,",
  "  appSide: probotContext.client === probotContext.octokit,",
  "  unread: Object.keys(elsewhere),",
  "};",
  "",
].join("\n");

describe("app migrate: a context double its own test reads by the old name", () => {
  it("keeps that name as a getter of client on the doubles the file reads it from, and the reads work", () => {
    const migrated = migrateSource("test/unit/context.test.js", SOURCE);
    const sandbox: { checks?: Record<string, unknown> } = {};
    try {
      runInNewContext(migrated.code.replace("globalThis.checks", "this.checks"), sandbox);
    } catch (error) {
      throw new Error(`the migrated file throws: ${String(error)}`); // an error of the sandbox's realm, told here
    }
    expect(sandbox.checks).to.deep.equal({
      reads: "function",
      passedOn: "mock",
      appSide: true,
      // A double whose old name nothing in the file reads gets no getter.
      unread: ["payload", "client"],
    });
    expect(migrated.changes.map((c) => c.text)).to.deep.equal([
      "context double { octokit } → { client } (and a getter octokit, which this file reads)",
      "context double { octokit } → { client } (and a getter octokit, which this file reads)",
      "context double { octokit } → { client }",
    ]);
    const again = migrateSource("test/unit/context.test.js", migrated.code);
    expect(again.code, "a second run changes nothing").to.equal(migrated.code);
    expect(again.changes).to.deep.equal([]);
  });
});
