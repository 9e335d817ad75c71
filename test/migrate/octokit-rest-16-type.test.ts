import { expect } from "chai";
import { rm } from "node:fs/promises";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

// Probot 7 to 9's client was @octokit/rest 15 or 16, and apps typed it with their own
// @octokit/rest's `Octokit` (opencollective/opencollective-bot's src/github.ts: `fetchRepos(github:
// Octokit, ...)`, given `context.github`). `context.client` is not that class: TS2345 where the
// app gives it (authenticate, registerEndpoints, ... missing), and the suite stops at the compiler.
const manifest = (rest: string) =>
  JSON.stringify({ name: "x", dependencies: { "@octokit/rest": rest, probot: "9.9.1" } }, null, 2) + "\n";
const github = [
  "import Octokit, { ReposGetResponse } from '@octokit/rest'",
  "",
  "export async function fetchRepos(github: Octokit, names: string[]): Promise<ReposGetResponse[]> {",
  "  return []",
  "}",
  "",
].join("\n");

async function problemsOf(files: Record<string, string>, file: string): Promise<Array<[number | undefined, string]>> {
  const dir = await writeAppFiles("app-migrate-octokit-rest-type", files);
  try {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    const problems = report.files.find((f) => f.file === file)?.problems ?? [];
    return problems.filter((p) => p.message.includes("@octokit/rest")).map((p) => [p.line, `${p.message} | ${p.hint}`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("app migrate: a client typed with the app's own @octokit/rest 16", () => {
  it("reports the parameter typed Octokit, with the type to write", async () => {
    const problems = await problemsOf(
      { "package.json": manifest("16.36.0"), "src/github.ts": github },
      "src/github.ts",
    );
    expect(problems).to.have.length(1);
    expect(problems[0]?.[0]).to.equal(3);
    expect(problems[0]?.[1]).to.include("Octokit").and.include("@octokit/rest 16.36.0").and.include("context.client");
    expect(problems[0]?.[1]).to.include("AppClient");
  });

  it("says nothing with @octokit/rest 17 or later, or in JavaScript", async () => {
    expect(
      await problemsOf({ "package.json": manifest("^18.0.0"), "src/github.ts": github }, "src/github.ts"),
    ).to.deep.equal([]);
    const javascript = "const Octokit = require('@octokit/rest')\nmodule.exports = (github) => github\n";
    expect(
      await problemsOf({ "package.json": manifest("^16.0.0"), "src/github.js": javascript }, "src/github.js"),
    ).to.deep.equal([]);
  });
});
