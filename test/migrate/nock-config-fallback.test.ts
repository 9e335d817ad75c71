import { expect } from "chai";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";

/**
 * Before Probot 9.3, context.config() read the repository's own file and nothing else: a suite
 * answered it 404 with nock to have the defaults (uber-workflow/probot-app-merge-pr, Probot 9.2.10).
 * Probot 9.3 to 14 and gh-app-kit then read the same path in the owner's `.github` repository, a
 * request such a suite never answered.
 */
async function migrated(
  probot: string,
  source: string,
  lock?: [file: string, text: string],
): Promise<{ code: string; report: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), "migrate-nock-config-"));
  try {
    await writeFile(join(dir, "package.json"), JSON.stringify({ name: "app", dependencies: { probot } }));
    if (lock) await writeFile(join(dir, lock[0]), lock[1]);
    await writeFile(join(dir, "index.test.js"), source);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const entry = report.files.find((file) => file.file === "index.test.js");
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.diff, "a second run changes nothing").to.equal("");
    return {
      code: await readFile(join(dir, "index.test.js"), "utf8"),
      report: [
        ...(entry?.changes.map((change) => `${change.line} ${change.text}`) ?? []),
        ...(entry?.problems.map((problem) => `${problem.line} ${problem.message}`) ?? []),
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const SUITE = [
  "const nock = require('nock')",
  "const { Probot } = require('probot')",
  "test('merges', async () => {",
  "  nock('https://api.github.com')",
  "    .get('/repos/fusionjs/test-repo/collaborators/test-user/permission')",
  "    .reply(200, {})",
  "    .get('/repos/fusionjs/test-repo/contents/.github/merge-pr.yml')",
  "    .reply(404)",
  "  const scope = nock('https://api.github.com')",
  '  scope.get("/repos/o/r/contents/.github/app.yml").reply(404, { message: "Not Found" })',
  "  return Probot",
  "})",
  "",
].join("\n");

const CHANGE =
  "nock: the owner's .github repository answered 404 too, which context.config() reads since Probot 9.3 when the repository has no file";

describe("app migrate: a config file a Probot 6 to 9.2 suite answers 404 with nock", () => {
  it("reports such a path written as a template, which it does not rewrite", async () => {
    const source = [
      "const nock = require('nock')",
      "const { Probot } = require('probot')",
      "const repo = 'o/r'",
      "nock('https://api.github.com').get(`/repos/${repo}/contents/.github/app.yml`).reply(404)",
      "module.exports = Probot",
      "",
    ].join("\n");
    const { code, report } = await migrated("^7.0.0", source);
    expect(code).to.include("get(`/repos/${repo}/contents/.github%2Fapp.yml`).reply(404)\n");
    expect(report).to.include(
      "4 answers a config file 404 through a path written as a template: since Probot 9.3, context.config() then reads the same file in the owner's .github repository, which this suite does not answer",
    );
  });

  it("answers the same file in the owner's .github repository 404 too, on the same chain", async () => {
    const { code, report } = await migrated("7.5.0", SUITE);
    expect(code).to.include(
      "    .reply(404).get('/repos/fusionjs/.github/contents/.github%2Fmerge-pr.yml').reply(404)\n",
    );
    expect(code).to.include(
      '  scope.get("/repos/o/r/contents/.github%2Fapp.yml").reply(404, { message: "Not Found" }).get("/repos/o/.github/contents/.github%2Fapp.yml").reply(404)\n',
    );
    expect(report).to.include(`8 ${CHANGE}`);
    expect(report).to.include(`10 ${CHANGE}`);
  });

  it("reads the Probot a range admitting 9.3 resolves to from the app's lock: package-lock.json or yarn.lock", async () => {
    const npmLock = JSON.stringify({
      lockfileVersion: 3,
      packages: { "": { dependencies: { probot: "^9.2.10" } }, "node_modules/probot": { version: "9.2.10" } },
    });
    const fromNpm = await migrated("^9.2.10", SUITE, ["package-lock.json", npmLock]);
    expect(fromNpm.code).to.include("/repos/fusionjs/.github/contents/.github%2Fmerge-pr.yml");
    const yarnLock = [
      "probot@^9.2.10:",
      '  version "9.2.10"',
      '  resolved "https://registry.yarnpkg.com/probot/-/probot-9.2.10.tgz"',
      "",
    ].join("\n");
    const fromYarn = await migrated("^9.2.10", SUITE, ["yarn.lock", yarnLock]);
    expect(fromYarn.code).to.include("/repos/fusionjs/.github/contents/.github%2Fmerge-pr.yml");
  });

  it("leaves a suite of Probot 9.3 and later, a reply other than 404, the .github repository itself, and one that answers it already", async () => {
    const later = await migrated("^9.5.3", SUITE);
    expect(later.code).not.to.include("/repos/fusionjs/.github/contents/");
    expect(later.report.filter((line) => line.includes("owner's .github"))).to.deep.equal([]);
    const yarnLock = ["probot@^9.2.10:", '  version "9.15.1"', ""].join("\n");
    expect((await migrated("^9.2.10", SUITE, ["yarn.lock", yarnLock])).code).not.to.include("/repos/fusionjs/.github/");
    const other = [
      "const nock = require('nock')",
      "const { Probot } = require('probot')",
      "nock('https://api.github.com').get('/repos/o/r/contents/.github/a.yml').reply(200, {})",
      "nock('https://api.github.com').get('/repos/o/.github/contents/.github/b.yml').reply(404)",
      "nock('https://api.github.com').get('/repos/o/r/contents/.github/c.yml').reply(404)",
      "nock('https://api.github.com').get('/repos/o/.github/contents/.github/c.yml').reply(404)",
      "module.exports = Probot",
      "",
    ].join("\n");
    const { code, report } = await migrated("^7.0.0", other);
    expect(code).not.to.include(".reply(404).get(");
    expect(code).not.to.include(".reply(200, {}).get(");
    expect(report.filter((line) => line.includes("owner's .github"))).to.deep.equal([]);
  });

  // dcoapp (Probot 14) answers both 404 on one chain, as GL writes it: the check of the written file took that
  // chain for one this pass had lengthened, and the file's renames were left undone ("left as it was").
  it("writes the renames of a file whose chains answer the owner's .github repository already, of any Probot", async () => {
    const answered = [
      "const nock = require('nock')",
      "const { Probot } = require('probot')",
      "nock('https://api.github.com')",
      "  .get('/repos/o/r/contents/.github%2Fdco.yml')",
      "  .reply(404)",
      "  .get('/repos/o/.github/contents/.github%2Fdco.yml')",
      "  .reply(404)",
      "module.exports = Probot",
      "",
    ].join("\n");
    for (const probot of ["^14.3.2", "^7.0.0"]) {
      const { code, report } = await migrated(probot, answered);
      expect(code, probot).to.equal(
        answered
          .replace("{ Probot } = require('probot')", "{ App } = require('gh-app-kit')")
          .replace("= Probot", "= App"),
      );
      expect(
        report.filter((line) => line.includes("left as it was")),
        probot,
      ).to.deep.equal([]);
    }
  });
});
