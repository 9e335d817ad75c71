import { expect } from "chai";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

// tap 12.5 to 14 run each .js test file as `node -r esm <file>` unless told otherwise (tap 15 dropped
// it): the `esm` package's loader then compiles every CommonJS module the test loads, and its parser
// (2019) stops at newer syntax. Probot 10's build passed it; gh-app-kit's (`app?.state`) does not, so
// after the migration every test file of wip/app at its Probot 10 commit (tap 14) failed to load:
// 205 tests passed on its own Probot, 6 after.

/** `app migrate` of an app with these files: package.json as written, its changes and problems, and a second run's diff. */
async function migrated(files: Record<string, string>) {
  const dir = await writeAppFiles("app-migrate-tap-esm", files);
  try {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
    const changes = report.files.find((f) => f.file === "package.json")?.changes.map((c) => c.text) ?? [];
    const problems = report.files.flatMap((f) => f.problems.map((p) => `${f.file}: ${p.message} | ${p.hint ?? ""}`));
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    return { written, changes, problems, secondDiff: again.diff };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const manifest = (devDependencies: Record<string, string>, extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    {
      name: "app",
      scripts: { test: "tap --100 test/**/*-test.js" },
      dependencies: { probot: "^10.18.0" },
      devDependencies,
      ...extra,
    },
    null,
    2,
  ) + "\n";

const TEST = [
  'const { test } = require("tap");',
  'const { Probot } = require("probot");',
  'test("loads", async (t) => { t.ok(new Probot({ githubToken: "test" })); });',
  "",
].join("\n");

describe("app migrate: tap 12.5 to 14's esm loader", () => {
  it("turns the loader off for tap 14 where the tests use require(), in the config tap reads from package.json", async () => {
    const result = await migrated({ "package.json": manifest({ tap: "^14.11.0" }), "test/app-test.js": TEST });
    expect(result.written.tap).to.deep.equal({ esm: false });
    expect(result.changes.some((c) => c.startsWith("tap: esm false"))).to.equal(true);
    expect(result.secondDiff).to.equal("");
  });

  it("keeps the app's own tap settings beside it, and does so for tap 12 and 13", async () => {
    for (const range of ["^12.6.0", "13.1.8", "~14.10.8"]) {
      const result = await migrated({
        "package.json": manifest({ tap: range }, { tap: { "check-coverage": true, timeout: 60 } }),
        "test/app-test.js": TEST,
      });
      expect(result.written.tap, range).to.deep.equal({ "check-coverage": true, timeout: 60, esm: false });
    }
  });

  it("leaves tap 11 and 15, and a setting of esm: false the app made itself, as they are", async () => {
    for (const [range, extra] of [
      ["^11.1.0", {}],
      ["^15.0.9", {}],
      ["^14.11.0", { tap: { esm: false } }],
    ] as const) {
      const result = await migrated({ "package.json": manifest({ tap: range }, extra), "test/app-test.js": TEST });
      expect(
        result.changes.filter((c) => c.startsWith("tap:")),
        range,
      ).to.deep.equal([]);
      expect(
        result.problems.filter((p) => p.includes("esm")),
        range,
      ).to.deep.equal([]);
    }
  });

  it("reports, and changes nothing, where a .js file of the app is written with import, which the loader is there for", async () => {
    const result = await migrated({
      "package.json": manifest({ tap: "^14.11.0" }),
      "test/app-test.js":
        'import { test } from "tap";\nimport { Probot } from "probot";\ntest("x", (t) => t.ok(Probot));\n',
    });
    expect(result.written.tap).to.equal(undefined);
    const reported = result.problems.filter((p) => p.includes("esm"));
    expect(reported).to.have.length(1);
    expect(reported[0]).to.include("test/app-test.js");
    expect(reported[0]).to.include("tap 15");
  });

  it("reports a setting of esm: true, in package.json or in .taprc", async () => {
    for (const files of [
      { "package.json": manifest({ tap: "^14.11.0" }, { tap: { esm: true } }) },
      { "package.json": manifest({ tap: "^14.11.0" }), ".taprc": "esm: true\ncheck-coverage: false\n" },
    ]) {
      const result = await migrated({ ...files, "test/app-test.js": TEST });
      expect((result.written.tap as Record<string, unknown> | undefined)?.esm).to.not.equal(false);
      expect(result.problems.filter((p) => p.includes("esm"))).to.have.length(1);
    }
  });
});

// The same loader, given to a runner by the app itself: `ava: { require: ["esm"] }`, `mocha -r esm`,
// `node -r esm`, as apps of 2019 and 2020 wrote to run their `import` statements. It is what runs
// them, so it stays; the migration says that it cannot read gh-app-kit.
describe("app migrate: the esm package as a require hook", () => {
  for (const [title, extra] of [
    ["in ava's config", { ava: { require: ["esm"] } }],
    ["in mocha's config", { mocha: { require: "esm" } }],
    ["in a script (mocha -r esm)", { scripts: { test: "mocha -r esm 'test/**/*.test.js'" } }],
    ["in a script (node --require=esm)", { scripts: { start: "node --require=esm index.js" } }],
  ] as const) {
    it(`is reported ${title}`, async () => {
      const result = await migrated({
        "package.json": manifest({ esm: "^3.2.25" }, extra),
        "test/app.test.js": 'import { Probot } from "probot";\nexport const made = new Probot({});\n',
      });
      const reported = result.problems.filter((p) => p.includes("esm package"));
      expect(reported, title).to.have.length(1);
      expect(reported[0]).to.include("package.json");
    });
  }

  it("is not reported where nothing loads it as a hook", async () => {
    const result = await migrated({
      "package.json": manifest({ esm: "^3.2.25" }, { scripts: { test: "mocha test/esm-free.js" } }),
      "test/app.test.js": 'const { Probot } = require("probot");\n',
    });
    expect(result.problems.filter((p) => p.includes("esm package"))).to.deep.equal([]);
  });
});
