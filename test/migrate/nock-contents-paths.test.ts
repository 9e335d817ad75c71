import { expect } from "chai";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";

/**
 * Probot 9's client (@octokit/rest 16) sent the path of `repos.getContents()`, and so of the config
 * file context.config() reads, with its slashes as they are: `/contents/.github/app.yml`. Probot 10
 * to 14 and gh-app-kit send `/contents/.github%2Fapp.yml`, which a nock interceptor written for
 * Probot 9 does not match (nymous/github-project-automation, pytorch/pytorch-probot).
 */
async function migrated(probot: string, source: string): Promise<{ code: string; report: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), "migrate-nock-contents-"));
  try {
    await writeFile(join(dir, "package.json"), JSON.stringify({ name: "app", dependencies: { probot } }));
    await writeFile(join(dir, "index.test.ts"), source);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const entry = report.files.find((file) => file.file === "index.test.ts");
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.diff, "a second run changes nothing").to.equal("");
    return {
      code: await readFile(join(dir, "index.test.ts"), "utf8"),
      report: [
        ...(entry?.changes.map((change) => `${change.line} ${change.text}`) ?? []),
        ...(entry?.problems.map((problem) => problem.message) ?? []),
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CHANGE =
  "nock path: the file path after /contents/ with its slashes as %2F, as the client sends it since Probot 10";

describe("app migrate: nock paths of the contents route in the suites of Probot 6 to 9 apps", () => {
  it("encodes the slashes of the file's path in a chain from nock(), in strings and template literals", async () => {
    const source = [
      "import nock from 'nock'",
      "import { Probot } from 'probot'",
      "const repoKey = 'o/r'",
      "export function mockConfig (fileName: string) {",
      "  nock('https://api.github.com')",
      "    .get('/repos/o/.github/contents/.github/app.yml')",
      "    .reply(404)",
      "    .get(`/repos/${repoKey}/contents/.github/${fileName}`)",
      "    .reply(200, {})",
      "  return Probot",
      "}",
      "",
    ].join("\n");
    const { code, report } = await migrated("^9.5.3", source);
    expect(code).to.include("    .get('/repos/o/.github/contents/.github%2Fapp.yml')\n");
    expect(code).to.include("    .get(`/repos/${repoKey}/contents/.github%2F${fileName}`)\n");
    expect(report).to.include(`6 ${CHANGE}`);
    expect(report).to.include(`8 ${CHANGE}`);
  });

  it("through a scope kept in a variable, with a query after the path, and deeper folders", async () => {
    const source = [
      "const nock = require('nock')",
      "const { Probot } = require('probot')",
      "const scope = nock('https://api.github.com')",
      "scope.get('/repos/o/r/contents/docs/guide/intro.md?ref=main').reply(200, {})",
      "let later",
      "later = nock('https://api.github.com')",
      "later.put('/repos/o/r/contents/a/b.txt').reply(201)",
      "module.exports = Probot",
      "",
    ].join("\n");
    const { code } = await migrated("9.15.1", source);
    expect(code).to.include("scope.get('/repos/o/r/contents/docs%2Fguide%2Fintro.md?ref=main')");
    expect(code).to.include("later.put('/repos/o/r/contents/a%2Fb.txt')");
  });

  it("reports a contents answer { content } without type, which Probot 9 decoded and today's config reads as the document", async () => {
    const source = [
      "import nock from 'nock'",
      "const yml = Buffer.from('project: x').toString('base64')",
      "nock('https://api.github.com')",
      "  .get('/repos/o/r/contents/.github/project.yml')",
      "  .reply(200, {",
      "    content: yml,",
      "  })",
      "  .get('/repos/o/r/contents/.github/other.yml')",
      "  .reply(200, { type: 'file', encoding: 'base64', content: yml })",
      "  .get('/repos/o/r/issues/1')",
      "  .reply(200, { content: 'not a file' })",
      "",
    ].join("\n");
    const dir = await mkdtemp(join(tmpdir(), "migrate-nock-contents-"));
    try {
      await writeFile(join(dir, "package.json"), JSON.stringify({ name: "app", dependencies: { probot: "^9.5.3" } }));
      await writeFile(join(dir, "index.test.js"), source);
      const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
      const problems = report.files.find((file) => file.file === "index.test.js")?.problems ?? [];
      const untyped = problems.filter((problem) => problem.message.includes("{ content } and no type"));
      expect(untyped.map((problem) => problem.line)).to.deep.equal([5]);
      expect(untyped[0]?.hint).to.include('type: "file", encoding: "base64"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("leaves the paths of a Probot 10 to 14 app, and what is no nock interceptor, as they are", async () => {
    const source = [
      "const nock = require('nock')",
      "const { Probot } = require('probot')",
      "nock('https://api.github.com').get('/repos/o/r/contents/.github/app.yml').reply(200, {})",
      "module.exports = Probot",
      "",
    ].join("\n");
    expect((await migrated("^12.3.0", source)).code).to.include("get('/repos/o/r/contents/.github/app.yml')");
    const other = [
      "const nock = require('nock')",
      "const { Probot } = require('probot')",
      "const client = { get: (path) => path }",
      "client.get('/repos/o/r/contents/.github/app.yml')",
      "nock('https://api.github.com').get('/repos/o/r/contents/app.yml').reply(200, {})",
      "nock('https://api.github.com').get(/contents\\/.github\\/app.yml/).reply(200, {})",
      "module.exports = Probot",
      "",
    ].join("\n");
    const { code, report } = await migrated("^9.5.3", other);
    expect(code).to.equal(other.replace(/probot/g, "gh-app-kit").replace(/Probot/g, "App"));
    expect(report.filter((line) => line.includes("nock path"))).to.deep.equal([]);
  });
});
