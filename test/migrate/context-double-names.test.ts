import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// celestiaorg/celbot's tests build a context of their own, `mockContext = { octokit: { graphql: jest.fn() } }`,
// with no payload, and hand it to the app's function, whose `context.octokit` app migrate renamed: the
// double kept `octokit`, the app read `context.client`, undefined, and 13 tests failed (FQ).
describe("app migrate: a test's context double known by its name (mockContext, fakeCtx, contextStub)", () => {
  it("renames the double's client key, with a getter of its old name for the test's own reads", () => {
    const code = [
      'const { graphqlQuery } = require("./query");',
      "const mockContext = { octokit: { graphql: jest.fn().mockResolvedValue({}) } };",
      "it('queries', async () => {",
      "  await graphqlQuery(mockContext, 'query { viewer { id } }');",
      "  expect(mockContext.octokit.graphql).toHaveBeenCalledTimes(1);",
      "});",
      "",
    ].join("\n");
    const result = migrateSource("graphql/query.test.js", code);
    expect(result.code.split("\n")[1]).to.equal(
      "const mockContext = { client: { graphql: jest.fn().mockResolvedValue({}) }, get octokit() { return this.client; } };",
    );
    expect(result.code.split("\n")[4]).to.equal("  expect(mockContext.octokit.graphql).toHaveBeenCalledTimes(1);");
    expect(migrateSource("graphql/query.test.js", result.code).code).to.equal(result.code);
  });

  for (const name of ["fakeCtx", "contextStub", "testContext"]) {
    it(`knows ${name} for one`, () => {
      const code = `const ${name} = { github: { issues: { get: () => 1 } } };\nhandler(${name});\n`;
      expect(migrateSource("test/a.test.js", code).code).to.equal(code.replace("github", "client"));
    });
  }

  it("leaves other names that hold an octokit as they are", () => {
    const code = "const browserContext = { octokit: makeOctokit() };\nmodule.exports = browserContext.octokit;\n";
    expect(migrateSource("test/a.test.js", code).code).to.equal(code);
  });
});
