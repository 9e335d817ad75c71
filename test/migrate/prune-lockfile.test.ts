import { expect } from "chai";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatReport } from "../../src/migrate/format-report.js";
import { migrateApp } from "../../src/migrate/migrate-app.js";

// As first-timers/app: its tests use @octokit/rest 20.1.1, locked with @octokit/request 8.1.6, whose
// error messages newer versions extend. Making the whole lock again moved them both; only
// probot's part of the lock has to go.
const MANIFEST = {
  name: "my-app",
  version: "1.0.0",
  dependencies: { probot: "^13.3.6" },
  devDependencies: { "@octokit/rest": "^20.1.1" },
};
const LOCK = {
  name: "my-app",
  lockfileVersion: 2,
  requires: true,
  packages: {
    "": { ...MANIFEST },
    "node_modules/probot": { version: "13.3.6", dependencies: { pino: "^8.0.0", "@octokit/request": "^8.0.0" } },
    "node_modules/probot/node_modules/semver": { version: "7.0.0" },
    "node_modules/pino": { version: "8.21.0", dependencies: { "sonic-boom": "^3.0.0" } },
    "node_modules/sonic-boom": { version: "3.8.0" },
    "node_modules/@octokit/rest": { version: "20.1.1", dev: true, dependencies: { "@octokit/request": "^8.0.0" } },
    "node_modules/@octokit/request": { version: "8.1.6", dependencies: { "universal-user-agent": "^6.0.0" } },
    "node_modules/universal-user-agent": { version: "6.0.1" },
  },
  dependencies: {
    probot: { version: "13.3.6", dependencies: { semver: { version: "7.0.0" } } },
    pino: { version: "8.21.0" },
    "sonic-boom": { version: "3.8.0" },
    "@octokit/rest": { version: "20.1.1", dev: true },
    "@octokit/request": { version: "8.1.6" },
    "universal-user-agent": { version: "6.0.1" },
  },
};

/** A folder holding the app's package.json and package-lock.json. */
async function appFolder(manifest: unknown, lock: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "app-migrate-prune-"));
  await writeFile(join(dir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  await writeFile(join(dir, "package-lock.json"), JSON.stringify(lock, null, 2) + "\n");
  return dir;
}

describe("app migrate: the lock's part that only probot needed", () => {
  let dir: string;
  beforeEach(async () => (dir = await appFolder(MANIFEST, LOCK)));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("goes; the app's other packages keep their locked versions, and npm install is all that is left", async () => {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(report.staleLockfile).to.equal(undefined);
    const lock = JSON.parse(await readFile(join(dir, "package-lock.json"), "utf8"));
    expect(Object.keys(lock.packages)).to.deep.equal([
      "",
      "node_modules/@octokit/rest",
      "node_modules/@octokit/request",
      "node_modules/universal-user-agent",
    ]);
    expect(lock.packages["node_modules/@octokit/request"].version).to.equal("8.1.6");
    expect(lock.packages[""].dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0" });
    expect(Object.keys(lock.dependencies)).to.deep.equal(["@octokit/rest", "@octokit/request", "universal-user-agent"]);
    const entry = report.files.find((f) => f.file === "package-lock.json");
    expect(entry?.changes.map((c) => c.text)).to.deep.equal([
      "probot and the 3 packages only it needed removed; the others keep their locked versions",
    ]);
    expect(formatReport(report).split("\n").at(-1)).to.match(/^Next: npm install /);
    // A second run finds nothing more to do.
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.files).to.deep.equal([]);
  });

  it("a dry run says so and writes nothing", async () => {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    expect(report.files.find((f) => f.file === "package-lock.json")?.changes).to.have.length(1);
    expect(await readFile(join(dir, "package-lock.json"), "utf8")).to.equal(JSON.stringify(LOCK, null, 2) + "\n");
  });
});

// As probot/example-github-action, reminders and Patchron: @probot/adapter-github-actions (or a peer
// such as probot-scheduler's) still needs probot, so it stays in the lock.
describe("app migrate: a lock whose probot another dependency still needs", () => {
  let dir: string;
  const manifest = {
    ...MANIFEST,
    dependencies: { ...MANIFEST.dependencies, "@probot/adapter-github-actions": "^4.0.0" },
  };
  const lock = {
    ...LOCK,
    packages: {
      ...LOCK.packages,
      "": { ...manifest },
      "node_modules/probot": { version: "13.3.6", dependencies: { pino: "^8.0.0", semver: "^7.0.0" } },
      "node_modules/@probot/adapter-github-actions": { version: "4.0.3", dependencies: { probot: "^13.0.2" } },
    },
  };
  beforeEach(async () => (dir = await appFolder(manifest, lock)));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("keeps probot and says so, and a second run finds nothing more to do", async () => {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package-lock.json"), "utf8"));
    expect(written.packages["node_modules/probot"].version).to.equal("13.3.6");
    expect(written.packages[""].dependencies).to.deep.equal({
      "gh-app-kit": "^1.0.0",
      "@probot/adapter-github-actions": "^4.0.0",
    });
    const entry = report.files.find((f) => f.file === "package-lock.json");
    expect(entry?.changes.map((c) => c.text)).to.deep.equal([
      "the root entry follows package.json; probot stays, since another dependency needs it (reported above)",
    ]);
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.files.map((f) => f.file)).to.not.include("package-lock.json");
  });
});

// As zeke/semantic-pull-requests (npm 6, lockfileVersion 1): making its lock again resolved
// `parse-commit-message@^4.0.0-canary.20` to 4.1.3, a release that cannot be loaded
// (`Cannot find module './dist/cjs'`). A v1 lock nests its entries by folder, each with `requires`.
describe("app migrate: the part of a version 1 lock that only probot needed", () => {
  let dir: string;
  const manifest = {
    name: "my-app",
    version: "1.0.0",
    dependencies: { probot: "^7.5.3", "parse-commit-message": "^4.0.0-canary.20" },
    devDependencies: { nock: "^9.4.2" },
  };
  const lock = {
    name: "my-app",
    version: "1.0.0",
    lockfileVersion: 1,
    requires: true,
    dependencies: {
      probot: {
        version: "7.5.3",
        requires: { pino: "^4.0.0", semver: "^5.0.0", debug: "^3.0.0" },
        dependencies: { semver: { version: "5.7.2" } },
      },
      pino: { version: "4.17.6", requires: { "fast-json-parse": "^1.0.0" } },
      "fast-json-parse": { version: "1.0.3" },
      "parse-commit-message": { version: "4.0.0-canary.20", requires: { debug: "^3.0.0" } },
      debug: { version: "3.2.7", requires: { ms: "^2.1.1" } },
      ms: { version: "2.1.3" },
      nock: { version: "9.6.1", dev: true, requires: { debug: "^3.1.0" } },
    },
  };
  beforeEach(async () => (dir = await appFolder(manifest, lock)));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("goes; the others keep their locked versions, and npm install is all that is left", async () => {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(report.staleLockfile).to.equal(undefined);
    const written = JSON.parse(await readFile(join(dir, "package-lock.json"), "utf8"));
    expect(written.lockfileVersion).to.equal(1);
    expect(written.dependencies).to.deep.equal({
      "parse-commit-message": lock.dependencies["parse-commit-message"],
      debug: lock.dependencies.debug,
      ms: lock.dependencies.ms,
      nock: lock.dependencies.nock,
    });
    const entry = report.files.find((f) => f.file === "package-lock.json");
    expect(entry?.changes.map((c) => c.text)).to.deep.equal([
      "probot and the 3 packages only it needed removed; the others keep their locked versions",
    ]);
    expect(formatReport(report).split("\n").at(-1)).to.match(/^Next: npm install /);
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.files).to.deep.equal([]);
  });
});

// As probot/weekly-digest (npm 6, lockfileVersion 1, Probot 7.5.3 with probot-scheduler and
// probot-config): a v1 lock records no peer dependencies, so the part that only probot needed
// seemed to be all of it; npm 7 and later then installed probot 14 for those peer ranges.
describe("app migrate: a version 1 lock whose probot a peer range still needs", () => {
  let dir: string;
  const manifest = {
    name: "my-app",
    version: "1.0.0",
    dependencies: { probot: "7.5.3", "probot-scheduler": "1.2.0", "left-pad": "^1.3.0" },
  };
  const lock = {
    name: "my-app",
    version: "1.0.0",
    lockfileVersion: 1,
    requires: true,
    dependencies: {
      probot: { version: "7.5.3", requires: { pino: "^4.0.0" } },
      pino: { version: "4.17.6" },
      "probot-scheduler": { version: "1.2.0", requires: { bottleneck: "^2.0.1" } },
      bottleneck: { version: "2.19.5" },
      "left-pad": { version: "1.3.0" },
    },
  };
  beforeEach(async () => (dir = await appFolder(manifest, lock)));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("keeps probot for probot-scheduler's peer range: nothing of the lock goes", async () => {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package-lock.json"), "utf8"));
    expect(written).to.deep.equal(lock);
    expect(report.files.map((f) => f.file)).to.not.include("package-lock.json");
    expect(report.staleLockfile).to.equal(undefined);
  });

  it("reads the peer ranges of the installed packages, where node_modules holds them", async () => {
    const withOther = {
      ...manifest,
      dependencies: { probot: "7.5.3", "my-probot-extension": "^1.0.0", "left-pad": "^1.3.0" },
    };
    const otherLock = {
      ...lock,
      dependencies: {
        probot: lock.dependencies.probot,
        pino: lock.dependencies.pino,
        "my-probot-extension": { version: "1.0.0" },
        "left-pad": lock.dependencies["left-pad"],
      },
    };
    await rm(dir, { recursive: true, force: true });
    dir = await appFolder(withOther, otherLock);
    await mkdir(join(dir, "node_modules", "my-probot-extension"), { recursive: true });
    await writeFile(
      join(dir, "node_modules", "my-probot-extension", "package.json"),
      JSON.stringify({ name: "my-probot-extension", version: "1.0.0", peerDependencies: { probot: ">=7" } }),
    );
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package-lock.json"), "utf8"));
    expect(written.dependencies.probot.version).to.equal("7.5.3");
  });
});
