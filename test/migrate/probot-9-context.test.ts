import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/**
 * Probot 9's context: `context.issue()` gave `{ owner, repo, number }` (@octokit/rest 16 took
 * `number` for `issue_number`), and `context.event` was the event's name. Code of that time reads
 * `const { number } = context.issue()`: here (as in Probot 10 to 14) the key is `issue_number`, so
 * `number` was undefined and a comment said "in #." without a word from the migration.
 */
const CASES: ReadonlyArray<[string, string, string]> = [
  [
    "number destructured from context.issue() in a handler and in a helper",
    [
      "app.on('pull_request', async context => {",
      "  const { number } = context.issue()",
      "  await post(`in #${number}`)",
      "})",
      "async function getCommit (context) {",
      "  const { number: n, owner } = context.issue({ a: 1 })",
      "  return n + owner",
      "}",
      "",
    ].join("\n"),
    [
      "app.on('pull_request', async context => {",
      "  const { issue_number: number } = context.issue()",
      "  await post(`in #${number}`)",
      "})",
      "async function getCommit (context) {",
      "  const { issue_number: n, owner } = context.issue({ a: 1 })",
      "  return n + owner",
      "}",
      "",
    ].join("\n"),
  ],
  [
    "number read from context.issue(), not from other objects",
    "const n = context.issue().number;\nconst m = tracker.issue().number;\nconst { number } = tracker.issue();\n",
    "const n = context.issue().issue_number;\nconst m = tracker.issue().number;\nconst { number } = tracker.issue();\n",
  ],
];

describe("app migrate: Probot 9's context (issue() with number, context.event)", () => {
  for (const [what, input, expected] of CASES) {
    it(what, () => {
      const migrated = migrateSource("lib/handler.js", input);
      expect(migrated.code).to.equal(expected);
      expect(migrated.changes.some((c) => /issue_number/.test(c.text))).to.equal(true);
      expect(migrateSource("lib/handler.js", migrated.code).code).to.equal(expected);
    });
  }

  it("context.event is listed where it is read, with context.name as the hint, and left as it is", () => {
    const input = "app.on('push', async (context) => {\n  if (context.event === 'push') return 1\n})\n";
    const migrated = migrateSource("lib/get-diff.js", input);
    expect(migrated.code).to.equal(input);
    const problem = migrated.problems.find((p) => /context\.event/.test(p.message));
    expect(problem?.line).to.equal(2);
    expect(problem?.hint).to.include("context.name");
  });
});
