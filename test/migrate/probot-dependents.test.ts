import { expect } from "chai";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";

/**
 * A dependency built on Probot (a bootstrapper such as gcf-utils, a shared bot library) keeps its
 * own copy of probot after the migration: the app's handlers, hosted by it, get Probot's App and
 * contexts (`context.octokit`, not `context.client`) and its types name Probot's. The report says so.
 */
const MANIFEST = JSON.stringify(
  { name: "bot", version: "1.0.0", dependencies: { "gcf-utils": "^17.1.3", lodash: "^4.17.21" } },
  null,
  2,
);
const LOCK_V3 = JSON.stringify({
  lockfileVersion: 3,
  packages: {
    "": { dependencies: { "gcf-utils": "^17.1.3", lodash: "^4.17.21" } },
    "node_modules/gcf-utils": { version: "17.1.3", dependencies: { probot: "^13.4.4", pino: "^9.0.0" } },
    "node_modules/lodash": { version: "4.17.21" },
    "node_modules/probot": { version: "13.4.7" },
  },
});
const LOCK_V1 = JSON.stringify({
  lockfileVersion: 1,
  dependencies: {
    "gcf-utils": { version: "7.1.1", requires: { probot: "^11.0.0" } },
    lodash: { version: "4.17.21" },
  },
});
const LOCK_WITHOUT = JSON.stringify({
  lockfileVersion: 3,
  packages: {
    "": {},
    "node_modules/gcf-utils": { version: "17.1.3", dependencies: { pino: "^9.0.0" } },
    "node_modules/lodash": { version: "4.17.21" },
  },
});

/** [what it shows, files of the app folder, the probot range the report must name (none: no such problem)]. */
const CASES: ReadonlyArray<[string, Record<string, string>, string | undefined]> = [
  ["named by a package-lock.json (v3)", { "package-lock.json": LOCK_V3 }, "^13.4.4"],
  ["named by a package-lock.json (v1)", { "package-lock.json": LOCK_V1 }, "^11.0.0"],
  [
    "named by the installed package, without a lock",
    {
      "node_modules/gcf-utils/package.json": JSON.stringify({
        name: "gcf-utils",
        peerDependencies: { probot: ">=12" },
      }),
    },
    ">=12",
  ],
  ["not reported when the dependency does not depend on probot", { "package-lock.json": LOCK_WITHOUT }, undefined],
];

describe("app migrate: a dependency that depends on probot itself", () => {
  let scratch: string;
  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), "app-migrate-dependents-"));
  });
  after(() => rm(scratch, { recursive: true, force: true }));

  for (const [index, [what, files, range]] of CASES.entries()) {
    it(what, async () => {
      const dir = join(scratch, String(index));
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, "package.json"), MANIFEST);
      for (const [name, text] of Object.entries(files)) {
        await mkdir(join(dir, name, ".."), { recursive: true });
        await writeFile(join(dir, name), text);
      }
      const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
      const problems = report.files.find((f) => f.file === "package.json")?.problems ?? [];
      const about = problems.filter((p) => p.message.includes("gcf-utils"));
      if (range === undefined) {
        expect(about).to.deep.equal([]);
        return;
      }
      expect(about).to.have.length(1);
      expect(about[0]?.message).to.equal(`dependencies has "gcf-utils", which depends on probot ${range} itself`);
      expect(about[0]?.line).to.equal(5);
      expect(about[0]?.hint).to.match(/its own copy of probot/);
      expect(problems.some((p) => p.message.includes("lodash"))).to.equal(false);
    });
  }
});
