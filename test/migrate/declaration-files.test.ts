import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// As probot/metadata's index.d.ts: a declaration file declares values without initializers
// (`export const metadata: T;`), which is an error anywhere else. app migrate parsed it as an ordinary
// TypeScript file, called it unreadable and exited 1, leaving its import("probot") types as they were.
const SOURCE = [
  "export default metadata;",
  'export type Constructor = (context: import("probot").Context<"issue_comment">) => void;',
  "export const metadata: Constructor;",
  "export declare function load(): void;",
  "",
].join("\n");

describe("app migrate: declaration files (.d.ts, .d.mts, .d.cts)", () => {
  for (const file of ["index.d.ts", "types/index.d.mts", "index.d.cts"]) {
    it(`reads ${file}, values declared without initializers among them, and renames its types`, () => {
      const result = migrateSource(file, SOURCE);
      expect(result.problems).to.deep.equal([]);
      expect(result.code).to.equal(SOURCE.replace('import("probot")', 'import("gh-app-kit")'));
    });
  }

  it("still refuses a value without an initializer in an ordinary TypeScript file", () => {
    expect(() => migrateSource("index.ts", SOURCE)).to.throw(/initializer/);
  });

  // As christophehurpeau/reviewflow's src/octokit.d.ts: the same type imported twice, which TypeScript
  // does not check in a declaration file under skipLibCheck. app migrate called it unreadable and exited 1.
  const TWICE = [
    'import type { Octokit as Core } from "@octokit/core";',
    'import { ProbotOctokit } from "probot";',
    'import type { Octokit as Core } from "@octokit/core";',
    "type ProbotOctokit = InstanceType<typeof ProbotOctokit>;",
    'export declare type OctokitPaginate = ProbotOctokit["paginate"];',
    "",
  ].join("\n");

  it("reads a declaration file that imports a name twice, and renames its imports", () => {
    const result = migrateSource("src/octokit.d.ts", TWICE);
    expect(result.problems).to.deep.equal([]);
    expect(result.code).to.equal(TWICE.replace('"probot"', '"gh-app-kit"').replaceAll("ProbotOctokit", "AppClient"));
  });

  it("still refuses a name imported twice in an ordinary TypeScript file", () => {
    expect(() => migrateSource("src/octokit.ts", TWICE)).to.throw(/already been declared/);
  });
});
