import { expect } from "chai";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";

/**
 * ampproject/amp-github-apps' invite bot: tsconfig.json's `"paths": { "*": ["node_modules/*", ...] }` made the
 * declarations of its own @octokit/rest 20 read probot 12's @octokit/core 3 at node_modules' top, so its client was
 * typed any; after the migration they read gh-app-kit's, its client is typed, and `.catch((e: unknown) => e)`
 * leaves an unknown where the code read `.status` (TS18046).
 */
async function problems(tsconfig: string, dependencies: Record<string, string>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), "migrate-wildcard-paths-"));
  try {
    await writeFile(join(dir, "package.json"), JSON.stringify({ name: "app", dependencies }, null, 2));
    await writeFile(join(dir, "tsconfig.json"), tsconfig);
    await writeFile(join(dir, "index.ts"), 'import { Probot } from "probot";\nexport = (app: Probot) => {};\n');
    const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    return report.files.flatMap((file) => file.problems.map((problem) => problem.message));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const WILDCARD = [
  "{",
  '  "compilerOptions": {',
  '    "baseUrl": ".", // packages and types of its own',
  '    "paths": { "*": ["node_modules/*", "node_modules/@types/*", "src/types/*"] },',
  "  },",
  "}",
].join("\n");

describe("app migrate: tsconfig.json's paths that send every package to node_modules/*", () => {
  it("reports the app's own @octokit packages, whose declarations then read gh-app-kit's", async () => {
    const found = await problems(WILDCARD, { probot: "12.4.0", "@octokit/rest": "20.1.1" });
    const line = found.find((message) => message.includes('"paths"'));
    expect(line).to.be.a("string");
    expect(line).to.include("@octokit/rest");
    expect(line).to.include("node_modules/*");
  });

  it("says nothing without an @octokit package of the app's own, or without the mapping", async () => {
    expect((await problems(WILDCARD, { probot: "12.4.0" })).filter((m) => m.includes('"paths"'))).to.deep.equal([]);
    const own = '{ "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["src/*"] } } }';
    expect(
      (await problems(own, { probot: "12.4.0", "@octokit/rest": "20.1.1" })).filter((m) => m.includes('"paths"')),
    ).to.deep.equal([]);
  });
});
