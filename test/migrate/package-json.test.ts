import { expect } from "chai";
import { migratePackageJson } from "../../src/migrate/migrate-package-json.js";

function manifest(devDependencies: Record<string, string>, probot = "^12.1.0"): string {
  return JSON.stringify({ name: "x", dependencies: { probot }, devDependencies }, null, 2) + "\n";
}

describe("app migrate: package.json", () => {
  it("reports a TypeScript older than 5.0, which cannot read the framework's declaration files", () => {
    // As electron/trop on Probot 9: typescript ^4.2.4 with ts-jest 26.
    const code = manifest({ typescript: "^4.2.4", "ts-jest": "^26.5.5" }, "^9.6.6");
    const problems = migratePackageJson(code, "^1.0.0").problems.filter((p) => p.message.includes("typescript"));
    expect(problems.map((p) => [p.line, p.message])).to.deep.equal([
      [7, 'devDependencies has "typescript": "^4.2.4", older than TypeScript 5.0'],
    ]);
    expect(problems[0]?.hint).to.include("ts-jest");
  });

  // "*" (electron/trop on Probot 12, whose yarn.lock has 5.6.3) and ">=4.2" admit today's TypeScript.
  for (const range of ["^5.4.0", ">=5", "latest", "file:../typescript", "*", ">=4.2", "^4.9 || ^5"]) {
    it(`reports nothing of typescript ${range}`, () => {
      expect(migratePackageJson(manifest({ typescript: range }), "^1.0.0").problems).to.deep.equal([]);
    });
  }

  it("reports nothing of a manifest without probot", () => {
    const code = JSON.stringify({ name: "x", devDependencies: { typescript: "^4.2.4" } });
    expect(migratePackageJson(code, "^1.0.0").problems).to.deep.equal([]);
  });

  // JasonEtco/todo: its tests snapshot what its client double got, { owner, repo, number }.
  it("says that Probot 9's context.issue() gave number, and that tests recording it need updating", () => {
    const { problems } = migratePackageJson(manifest({}, "^9.9.0"), "^1.0.0");
    expect(problems.map((p) => p.line)).to.deep.equal([4]);
    expect(problems[0]?.message).to.include("context.issue()").and.include("issue_number");
    expect(problems[0]?.hint).to.include("snapshot");
  });

  for (const range of ["^10.0.0", ">=9", "^12.1.0", "latest"]) {
    it(`says nothing of context.issue() with probot ${range}`, () => {
      expect(migratePackageJson(manifest({}, range), "^1.0.0").problems).to.deep.equal([]);
    });
  }
});
