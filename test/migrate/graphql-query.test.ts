import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/**
 * Probot 7 and 8 sent GraphQL with `context.github.query(query, variables)`; Probot 9 kept `query` as
 * a deprecated alias of `graphql`. The client here answers `query` too (test/compat/graphql-query.test.ts),
 * but its type has only `graphql`: where the call is on the context's client, it is written `graphql`.
 */
const CASES: ReadonlyArray<[string, string, string]> = [
  [
    "a query with variables, and one without, in a handler",
    "module.exports = robot => {\n  robot.on('pull_request.opened', async context => {\n    const info = await context.github.query(getInfo, { owner: 'o' })\n    await context.github.query(`{ viewer { login } }`)\n    return info\n  })\n}\n",
    "module.exports = robot => {\n  robot.on('pull_request.opened', async context => {\n    const info = await context.client.graphql(getInfo, { owner: 'o' })\n    await context.client.graphql(`{ viewer { login } }`)\n    return info\n  })\n}\n",
  ],
  [
    "a query through a class's context",
    "class Assigner {\n  run () {\n    return this.context.github.query(userQuery, { member: 'a' })\n  }\n}\n",
    "class Assigner {\n  run () {\n    return this.context.client.graphql(userQuery, { member: 'a' })\n  }\n}\n",
  ],
  [
    "a query with headers as its third argument: left to the client's query()",
    "app.on('issues', async (context) => {\n  await context.github.query(q, {}, { accept: 'application/vnd.github.starfox-preview+json' })\n})\n",
    "app.on('issues', async (context) => {\n  await context.client.query(q, {}, { accept: 'application/vnd.github.starfox-preview+json' })\n})\n",
  ],
  [
    "a query of something else than the context's client",
    "app.on('issues', async (context) => {\n  await db.query(sql)\n  await context.github.queryAll(q)\n  return context.query\n})\n",
    "app.on('issues', async (context) => {\n  await db.query(sql)\n  await context.client.queryAll(q)\n  return context.query\n})\n",
  ],
];

describe("app migrate: Probot 7 to 9's client.query()", () => {
  for (const [what, input, expected] of CASES) {
    it(what, () => {
      const migrated = migrateSource("lib/handler.js", input);
      expect(migrated.problems.filter((p) => /query|graphql/.test(p.message))).to.deep.equal([]);
      expect(migrated.code).to.equal(expected);
      const renamed = migrated.changes.filter((c) => c.text === "Probot 7 to 9's client.query() → client.graphql()");
      expect(renamed).to.have.length((expected.match(/\.graphql\(/g) ?? []).length);
      expect(migrateSource("lib/handler.js", migrated.code).code).to.equal(expected);
    });
  }
});
