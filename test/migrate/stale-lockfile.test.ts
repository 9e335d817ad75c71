import { expect } from "chai";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatReport } from "../../src/migrate/format-report.js";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

const MANIFEST = JSON.stringify({ name: "my-app", version: "1.0.0", dependencies: { probot: "^12.2.5" } }, null, 2);
const V3_PROBOT = JSON.stringify({
  lockfileVersion: 3,
  packages: {
    "": { dependencies: { probot: "^12.2.5" } },
    "node_modules/probot": { version: "12.2.5" },
    "node_modules/pino": { version: "6.14.0" },
  },
});
const V1_PROBOT = JSON.stringify({ lockfileVersion: 1, dependencies: { probot: { version: "10.19.0" } } });
const NO_PROBOT = JSON.stringify({
  lockfileVersion: 3,
  packages: { "": {}, "node_modules/gh-app-kit": { version: "1.0.0" } },
});

/** [what it shows, lockfiles in the app folder, dry run, the lockfile the report must name (none: the plain npm install advice)]. */
const CASES: ReadonlyArray<[string, Record<string, string>, boolean, string | undefined]> = [
  // From a lock npm reads, probot's part is removed instead (test/migrate/prune-lockfile.test.ts).
  ["a package-lock.json (v3) that places probot: its part goes", { "package-lock.json": V3_PROBOT }, false, undefined],
  ["a package-lock.json (v1) that places probot: its part goes", { "package-lock.json": V1_PROBOT }, false, undefined],
  [
    "an npm-shrinkwrap.json (v1) that places probot: its part goes",
    { "npm-shrinkwrap.json": V1_PROBOT },
    false,
    undefined,
  ],
  [
    "an npm-shrinkwrap.json (v3) that places probot: its part goes",
    { "npm-shrinkwrap.json": V3_PROBOT },
    false,
    undefined,
  ],
  ["a package-lock.json npm cannot read either", { "package-lock.json": "{ not json" }, false, "package-lock.json"],
  ["a dry run tells it ahead", { "npm-shrinkwrap.json": "{ not json" }, true, "npm-shrinkwrap.json"],
  ["a lock made after the migration", { "package-lock.json": NO_PROBOT }, false, undefined],
  ["no lock at all", {}, false, undefined],
];

describe("app migrate: a lockfile that still places probot", () => {
  let scratch: string;
  before(async () => {
    scratch = await mkdtemp(join(tmpdir(), "app-migrate-lock-"));
  });
  after(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  for (const [index, [what, lockfiles, dryRun, stale]] of CASES.entries()) {
    it(what, async () => {
      const dir = join(scratch, String(index));
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir);
      await writeFile(join(dir, "package.json"), MANIFEST);
      for (const [name, text] of Object.entries(lockfiles)) await writeFile(join(dir, name), text);
      const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun });
      expect(report.staleLockfile).to.equal(stale);
      const next = formatReport(report).split("\n").at(-1) as string;
      if (stale) {
        expect(next).to.include(`rm -rf node_modules ${stale} && npm install`);
        expect(next).to.match(dryRun ? /^After app migrate: / : /^Next: /);
        // A lock that is not JSON (github/safe-settings' since a bad merge) says so, not that it places probot.
        const unreadable = lockfiles[stale]!.startsWith("{ not");
        expect(next.includes(`${stale} is not valid JSON`)).to.equal(unreadable);
        expect(next.includes("still places probot's dependencies")).to.equal(!unreadable);
      } else {
        // The lock npm install updates: a shrinkwrap when there is one.
        const lock = Object.keys(lockfiles)[0] ?? "package-lock.json";
        expect(next).to.equal(
          `Next: npm install (it updates ${lock}), then npm test. docs/migrating.md explains what differs from Probot.`,
        );
      }
    });
  }
});

/** [the lock's text, what the report's line must say of it]: JSON that is no lockfile npm reads crashed the migration. */
const MISSHAPEN: ReadonlyArray<[string, string]> = [
  ["null", "holds null, not a lockfile"],
  ["[]", "holds a list, not a lockfile"],
  ['"package-lock"', "holds a string, not a lockfile"],
  ['{"lockfileVersion": 3, "packages": null}', "is not a lockfile npm can read: packages holds null"],
  [
    '{"lockfileVersion": 3, "packages": {"": {}, "node_modules/probot": null}}',
    'is not a lockfile npm can read: packages["node_modules/probot"] holds null',
  ],
  [
    '{"lockfileVersion": 1, "dependencies": {"probot": {"version": "9.0.0", "dependencies": {"pino": 5}}}}',
    'is not a lockfile npm can read: dependencies["probot"].dependencies["pino"] holds a number',
  ],
];

describe("app migrate: a package-lock.json that is JSON but no lockfile", () => {
  for (const [lock, why] of MISSHAPEN) {
    it(`${lock}: the report says it ${why.split(":")[0]}, and the rest migrates`, async () => {
      const dir = await writeAppFiles("app-migrate-lock-shape", {
        "package.json": MANIFEST,
        "package-lock.json": lock,
      });
      const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: false });
      expect(report.staleLockfile).to.equal("package-lock.json");
      expect(report.staleLockfileNotJson).to.equal(true);
      const next = formatReport(report).split("\n").at(-1) as string;
      expect(next).to.include(`package-lock.json ${why} (npm ci refuses it`);
      expect(next).to.include("rm -rf node_modules package-lock.json && npm install");
      // package.json moved, and the lock was left as it was for npm install to make again.
      expect(JSON.parse(await readFile(join(dir, "package.json"), "utf8"))).to.have.nested.property(
        "dependencies.gh-app-kit",
      );
      expect(await readFile(join(dir, "package-lock.json"), "utf8")).to.equal(lock);
    });
  }
});

/** [what it shows, package.json's packageManager, the lockfile there, the report's next step]. */
const MANAGERS: ReadonlyArray<[string, string | undefined, string | undefined, string]> = [
  ["yarn's lockfile", undefined, "yarn.lock", "Next: yarn install (it updates yarn.lock), then yarn test."],
  ["pnpm's lockfile", undefined, "pnpm-lock.yaml", "Next: pnpm install (it updates pnpm-lock.yaml), then pnpm test."],
  ["bun's lockfile", undefined, "bun.lock", "Next: bun install (it updates bun.lock), then bun run test."],
  [
    "corepack's packageManager, no lockfile yet",
    "yarn@4.5.0",
    undefined,
    "Next: yarn install (it updates yarn.lock), then yarn test.",
  ],
  [
    "packageManager over another lockfile",
    "pnpm@9.15.0",
    "yarn.lock",
    "Next: pnpm install (it updates pnpm-lock.yaml), then pnpm test.",
  ],
  ["neither", undefined, undefined, "Next: npm install (it updates package-lock.json), then npm test."],
];

describe("app migrate: the next step, in the app's package manager", () => {
  for (const [what, packageManager, lockfile, next] of MANAGERS) {
    it(`${what}: ${next.split(" (")[0]}`, async () => {
      const manifest = { name: "my-app", version: "1.0.0", packageManager, dependencies: { probot: "^12.2.5" } };
      const dir = await writeAppFiles("app-migrate-next", {
        "package.json": JSON.stringify(manifest, null, 2),
        ...(lockfile ? { [lockfile]: "" } : {}),
      });
      const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
      expect(formatReport(report).split("\n").at(-1)).to.equal(
        `${next} docs/migrating.md explains what differs from Probot.`,
      );
    });
  }
});
