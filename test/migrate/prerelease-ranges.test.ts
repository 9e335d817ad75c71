import { expect } from "chai";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";

/**
 * An app on a prerelease of Probot (`"probot": "14.0.0-beta.11"`, `"^13.0.0-rc.1"`) runs that major, not one
 * before it: what app migrate does and says for Probot before 10, 13 or 14 must not happen to it. A range
 * without its prerelease flag admits no release at all, so it read as "before every Probot".
 */
async function migrated(
  dependencies: Record<string, string>,
): Promise<{ code: string; problems: string[]; changes: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), "migrate-prerelease-"));
  try {
    await writeFile(join(dir, "package.json"), JSON.stringify({ name: "app", dependencies }, null, 2));
    await writeFile(
      join(dir, "server.ts"),
      'import { createNodeMiddleware, Probot } from "probot";\nconst probot = new Probot({});\n' +
        'export default createNodeMiddleware(require("./app"), { probot });\n',
    );
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    return {
      code: await readFile(join(dir, "server.ts"), "utf8"),
      problems: report.files.flatMap((file) => file.problems.map((problem) => problem.message)),
      changes: report.files.flatMap((file) => file.changes.map((change) => change.text)),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("app migrate: Probot's prereleases are the major they lead to", () => {
  it("a beta of Probot 14 gets neither Probot 12's webhook path nor the reports of Probots before 10, 13 or 14", async () => {
    const { code, problems } = await migrated({ probot: "14.0.0-beta.11", typescript: "^5.4.0" });
    expect(code).to.include('createNodeMiddleware(require("./app"), { app: probot });');
    expect(
      problems.filter((message) => /before Probot (10|13)|probot@14\.0\.0-beta\.11 in a TypeScript app/.test(message)),
    ).to.deep.equal([]);
  });

  it("a release candidate of Probot 13, given as a caret range", async () => {
    const { code } = await migrated({ probot: "^13.0.0-rc.1" });
    expect(code).to.include('createNodeMiddleware(require("./app"), { app: probot });');
  });

  it("a beta of Probot 12 is still before 13, and one of Probot 9 before 10", async () => {
    const twelve = await migrated({ probot: "12.0.0-beta.2" });
    expect(twelve.code).to.include('{ app: probot, webhookPath: "/" }');
    const nine = await migrated({ probot: "9.0.0-rc.1" });
    expect(nine.problems.some((message) => message.includes("before Probot 10, context.issue()"))).to.equal(true);
  });

  it("a TypeScript 5 beta is not reported as older than TypeScript 4.7", async () => {
    const { problems } = await migrated({ probot: "^13.0.0", typescript: "5.0.0-beta" });
    expect(problems.filter((message) => message.includes("older than TypeScript 4.7"))).to.deep.equal([]);
  });
});
