import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/**
 * A context reached by a computed member with a literal key, `s["context"]`: TypeScript's way into
 * a private field, common in tests (`s["context"].octokit = double`). It names the same property
 * as `s.context`, whose client is renamed.
 */
const CASES: ReadonlyArray<[string, string, string]> = [
  [
    "a double put on a private context through a string key",
    "s[\"context\"].octokit = { checks: { update } } as any;\nawait s['context']?.octokit.checks.get();\n",
    "s[\"context\"].client = { checks: { update } } as any;\nawait s['context']?.client.checks.get();\n",
  ],
  [
    "destructured from it, and a template literal key",
    'const { octokit: gh } = s[`context`];\nx["context"]["octokit"].y();\n',
    'const { client: gh } = s[`context`];\nx["context"]["client"].y();\n',
  ],
  [
    "other keys and a variable key are left alone",
    's["contexts"].octokit.x();\ns[key].octokit.x();\n',
    's["contexts"].octokit.x();\ns[key].octokit.x();\n',
  ],
];

describe("app migrate: a context reached through a computed key", () => {
  for (const [what, input, expected] of CASES) {
    it(what, () => {
      const migrated = migrateSource("src/solidarity.test.ts", input);
      expect(migrated.code).to.equal(expected);
      expect(migrateSource("src/solidarity.test.ts", migrated.code).code).to.equal(expected);
    });
  }
});
