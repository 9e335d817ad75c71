import { expect } from "chai";
import { rm } from "node:fs/promises";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { migratePackageJson } from "../../src/migrate/migrate-package-json.js";
import { writeAppFiles } from "../helpers/app-files.js";

// Probot 14 by default: a TypeScript app on an earlier one is also told of nullable payload fields (below).
function manifest(devDependencies: Record<string, string>, probot = "^14.0.0"): string {
  return JSON.stringify({ name: "x", dependencies: { probot }, devDependencies }, null, 2) + "\n";
}

/** What `app migrate` reports of package.json for an app with these files. */
async function problemsOf(files: Record<string, string>): Promise<Array<[number | undefined, string, string]>> {
  const dir = await writeAppFiles("app-migrate-typescript", files);
  try {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    const problems = report.files.find((f) => f.file === "package.json")?.problems ?? [];
    return problems.map((p) => [p.line, p.message, p.hint ?? ""]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const npmLock = (version: string) =>
  JSON.stringify({ lockfileVersion: 3, packages: { "": {}, "node_modules/typescript": { version } } });
const yarnLock = (range: string, version: string) =>
  `# yarn lockfile v1\n\n"typescript@${range}":\n  version "${version}"\n  resolved "https://x/typescript-${version}.tgz"\n`;

describe("app migrate: package.json", () => {
  it("reports a TypeScript older than 4.7, which cannot read the framework's declaration files", async () => {
    // As electron/trop on Probot 9: typescript ^4.2.4 with ts-jest 26, 4.2.4 in its yarn.lock.
    const problems = await problemsOf({
      "package.json": manifest({ typescript: "^4.2.4", "ts-jest": "^26.5.5" }, "^9.6.6"),
      "yarn.lock": yarnLock("^4.2.4", "4.2.4"),
    });
    const typescript = problems.filter(([, message]) => message.includes("typescript"));
    expect(typescript.map(([line, message]) => [line, message])).to.deep.equal([
      [7, 'devDependencies has "typescript": "^4.2.4" (4.2.4 installed), older than TypeScript 4.7'],
    ]);
    expect(typescript[0]?.[2]).to.include("ts-jest").and.include("skipLibCheck");
  });

  it("reads the version from npm's lockfile, or the range without a lockfile", async () => {
    const locked = await problemsOf({
      "package.json": manifest({ typescript: "^4.2.4" }),
      "package-lock.json": npmLock("4.5.5"),
    });
    expect(locked.map(([, message]) => message)).to.deep.equal([
      'devDependencies has "typescript": "^4.2.4" (4.5.5 installed), older than TypeScript 4.7',
    ]);
    const unlocked = await problemsOf({ "package.json": manifest({ typescript: "~4.6.2" }) });
    expect(unlocked.map(([, message]) => message)).to.deep.equal([
      'devDependencies has "typescript": "~4.6.2", older than TypeScript 4.7',
    ]);
  });

  // TypeScript 4.7 to 4.9 read the declarations for TypeScript 4 (dist/ts4).
  for (const [range, lock] of [
    ["^4.2.4", npmLock("4.9.5")],
    ["^4.7.4", undefined],
    ["4.7.4", undefined],
    ["^5.4.0", undefined],
    ["latest", undefined],
    ["file:../typescript", undefined],
    // "*" (electron/trop on Probot 12, whose yarn.lock has 5.6.3) and ">=4.2" admit today's TypeScript.
    ["*", undefined],
    [">=4.2", undefined],
  ] as const) {
    it(`reports nothing of typescript ${range}${lock ? " with 4.9.5 locked" : ""}`, async () => {
      const files: Record<string, string> = { "package.json": manifest({ typescript: range }) };
      if (lock) files["package-lock.json"] = lock;
      expect(await problemsOf(files)).to.deep.equal([]);
    });
  }

  it("reports nothing of a manifest without probot", async () => {
    const code = JSON.stringify({ name: "x", devDependencies: { typescript: "^4.2.4" } });
    expect(await problemsOf({ "package.json": code })).to.deep.equal([]);
  });

  // JasonEtco/todo: its tests snapshot what its client double got, { owner, repo, number }.
  it("says that Probot 9's context.issue() gave number, and that tests recording it need updating", () => {
    const { problems } = migratePackageJson(manifest({}, "^9.9.0"), "^1.0.0");
    expect(problems.map((p) => p.line)).to.deep.equal([4]);
    expect(problems[0]?.message).to.include("context.issue()").and.include("issue_number");
    expect(problems[0]?.hint).to.include("snapshot");
  });

  // ahmed-taj/commitlint-bot (Probot 6): its code gives context.issue() to @octokit/rest 15's
  // pullRequests.getCommits, and its test expects number there; those expectations are not renamed.
  it("says that what a test expects of @octokit/rest 15's pullRequests methods is left as it was", () => {
    const { problems } = migratePackageJson(manifest({}, "^6.2.1"), "^1.0.0");
    expect(problems[0]?.hint).to.include("pullRequests").and.include("context.issue()");
  });

  for (const range of ["^10.0.0", ">=9", "^12.1.0", "latest"]) {
    it(`says nothing of context.issue() with probot ${range}`, () => {
      expect(migratePackageJson(manifest({}, range), "^1.0.0").problems).to.deep.equal([]);
    });
  }

  // dkhmelenko/autoapproval, pawap90/ghostbot: `pr.user.login` and `issue.user.login` stop their
  // compiler after the migration (TS18047, TS2531), with nothing in the report; and
  // advanced-security/probot-security-alerts' `alert.number`, optional today (TS2322 where it is passed on).
  for (const range of ["^12.3.1", "~13.0.1", "^10.0.0"]) {
    it(`tells a TypeScript app on probot ${range} that some payload fields may now be null`, () => {
      const { problems } = migratePackageJson(manifest({ typescript: "^4.9.5" }, range), "^1.0.0");
      expect(problems.map((p) => p.line)).to.deep.equal([4]);
      expect(problems[0]?.message).to.include("null").and.include("pull_request.user");
      expect(problems[0]?.hint).to.include("TS18047").and.include("TS2531");
      expect(problems[0]?.message).to.include("absent").and.include("secret_scanning_alert.alert.number");
      expect(problems[0]?.hint).to.include("TS18048").and.include("TS2322");
    });
  }

  // JoshwJB/pull-request-size-labelling-probot (Probot 12): it pushes pulls.listFiles' answer into an array of
  // its own type with `sha: string`; today's REST schema (Probot 14's and this framework's client) says
  // `string | null`: TS2345, with nothing in the report of the REST API's answers.
  it("tells a TypeScript app on an earlier probot that fields of the REST API's answers may now be null too", () => {
    const { problems } = migratePackageJson(manifest({ typescript: "^4.9.4" }, "^12.3.3"), "^1.0.0");
    expect(problems).to.have.length(1);
    expect(problems[0]?.message).to.include("REST API's answers").and.include("pulls.listFiles");
    expect(problems[0]?.hint).to.include("TS2345").and.include("client's answer");
  });

  for (const [range, dev] of [
    ["^14.0.0", { typescript: "^5.7.0" }],
    [">=12", { typescript: "^5.7.0" }],
    ["^12.1.0", {}],
  ] as const) {
    it(`says nothing of nullable payload fields with probot ${range}${"typescript" in dev ? "" : " and no TypeScript"}`, () => {
      expect(migratePackageJson(manifest(dev, range), "^1.0.0").problems).to.deep.equal([]);
    });
  }
});

describe("app migrate: a start script's probot run on Probot 7 to 12", () => {
  it("reports that deliveries no longer come in at / (the path probot run took them at before Probot 13)", async () => {
    // As probot/no-response on Probot 7: "start": "probot run ./index.js", webhook URL at the server's root.
    const files = (probot: string) => ({
      "package.json": JSON.stringify({
        name: "x",
        scripts: { start: "probot run ./index.js" },
        dependencies: { probot },
      }),
      "index.js": "module.exports = (app) => { app.on('issues.opened', async () => {}) }\n",
    });
    const old = await problemsOf(files("^7.0.0"));
    const atRoot = old.filter(([, message]) => message.includes("/api/github/webhooks"));
    expect(atRoot.map(([line, message]) => [line, message])).to.deep.equal([
      [
        1,
        "script start: probot run took deliveries at / before Probot 13 when WEBHOOK_PATH was not set; app run takes them at /api/github/webhooks",
      ],
    ]);
    expect(atRoot[0]?.[2]).to.include("WEBHOOK_PATH=/");
    const current = await problemsOf(files("^13.0.0"));
    expect(current.filter(([, message]) => message.includes("/api/github/webhooks"))).to.deep.equal([]);
  });
});

describe("app migrate: nodemon's settings in package.json", () => {
  // As create-probot-app's templates: "dev": "nodemon", with nodemon's settings in package.json; some
  // apps set exec to the probot command itself rather than "npm start".
  const source = (exec: string) =>
    JSON.stringify(
      {
        name: "x",
        scripts: { dev: "nodemon", start: "probot run ./index.js" },
        dependencies: { probot: "^12.2.0" },
        nodemonConfig: { exec, watch: [".env", "."] },
      },
      null,
      2,
    );

  it("moves probot run in nodemonConfig.exec to app run, as in nodemon.json and the scripts", () => {
    const { code, changes, problems } = migratePackageJson(source("LOG_LEVEL=debug probot run ./index.js"), "^1.0.0", {
      webhookAtRoot: true,
    });
    const migrated = JSON.parse(code) as { nodemonConfig: { exec: string; watch: string[] } };
    expect(migrated.nodemonConfig).to.deep.equal({ exec: "LOG_LEVEL=debug app run ./index.js", watch: [".env", "."] });
    expect(changes.map((change) => change.text)).to.include(
      "nodemonConfig.exec: LOG_LEVEL=debug probot run ./index.js → LOG_LEVEL=debug app run ./index.js",
    );
    expect(problems.map((problem) => problem.message)).to.include(
      "nodemonConfig.exec: probot run took deliveries at / before Probot 13 when WEBHOOK_PATH was not set; app run takes them at /api/github/webhooks",
    );
  });

  it("leaves an exec that runs no probot command as it is", () => {
    const { code } = migratePackageJson(source("npm start"), "^1.0.0");
    expect((JSON.parse(code) as { nodemonConfig: { exec: string } }).nodemonConfig.exec).to.equal("npm start");
  });
});

describe("app migrate: probot run written inside quotes or by its path", () => {
  const scripts = {
    dev: "nodemon --exec 'probot run' ./index.js",
    watch: 'nodemon -x "probot run ./index.js"',
    exec: "nodemon --exec=probot run ./index.js",
    bin: "node_modules/.bin/probot run ./index.js",
    local: "./node_modules/.bin/probot receive -e push -p test/fixtures/push.json ./index.js",
    node: "node ./node_modules/probot/bin/probot.js run ./index.js",
    inspect: "node --inspect node_modules/probot/bin/probot run ./index.js",
    proxy: 'nodemon --exec "probot run -W https://smee.io/abc ./index.js"',
    tsx: "tsx node_modules/probot/bin/probot.js run ./src/index.ts",
    direct: "./node_modules/probot/bin/probot.js run ./index.js",
    subcommand: "node node_modules/probot/bin/probot-run.js -W https://smee.io/abc ./index.js",
  };
  const source = JSON.stringify({ name: "x", scripts, dependencies: { probot: "^12.2.0" } }, null, 2);

  it("moves each to app run or app receive, the binary's path to gh-app-kit's", () => {
    const migrated = JSON.parse(migratePackageJson(source, "^1.0.0").code) as { scripts: typeof scripts };
    expect(migrated.scripts).to.deep.equal({
      dev: "nodemon --exec 'app run' ./index.js",
      watch: 'nodemon -x "app run ./index.js"',
      exec: "nodemon --exec=app run ./index.js",
      bin: "node_modules/.bin/app run ./index.js",
      local: "./node_modules/.bin/app receive -e push -p test/fixtures/push.json ./index.js",
      node: "node ./node_modules/gh-app-kit/bin/run.js run ./index.js",
      inspect: "node --inspect node_modules/gh-app-kit/bin/run.js run ./index.js",
      proxy: 'nodemon --exec "app run -Y https://smee.io/abc ./index.js"',
      tsx: "tsx node_modules/gh-app-kit/bin/run.js run ./src/index.ts",
      direct: "./node_modules/gh-app-kit/bin/run.js run ./index.js",
      subcommand: "node node_modules/gh-app-kit/bin/run.js run -Y https://smee.io/abc ./index.js",
    });
  });

  it("reports each probot run on Probot 7 to 12 (deliveries at /)", () => {
    const { problems } = migratePackageJson(source, "^1.0.0", { webhookAtRoot: true });
    const atRoot = problems.filter((problem) => problem.message.includes("/api/github/webhooks"));
    expect(atRoot.map((problem) => problem.message.split(":")[0])).to.deep.equal([
      "script dev",
      "script watch",
      "script exec",
      "script bin",
      "script node",
      "script inspect",
      "script proxy",
      "script tsx",
      "script direct",
      "script subcommand",
    ]);
  });
});

describe("app migrate: npx probot@<version>", () => {
  it("runs the app's own app command, not the pinned probot npx would download, and reports Probot 12's path", () => {
    const scripts = {
      start: "npx probot@12 run -W https://smee.io/abc ./index.js",
      replay: "npx --yes probot@^12.3.0 receive -e push -p push.json ./index.js",
      other: "npx -p probot@12 probot run ./index.js",
    };
    const source = JSON.stringify({ name: "x", scripts, dependencies: { probot: "^12.3.0" } }, null, 2);
    const result = migratePackageJson(source, "^1.0.0", { webhookAtRoot: true });
    const migrated = JSON.parse(result.code) as { scripts: typeof scripts };
    expect(migrated.scripts).to.deep.equal({
      start: "npx app run -Y https://smee.io/abc ./index.js",
      replay: "npx --yes app receive -e push -p push.json ./index.js",
      other: "npx -p gh-app-kit app run ./index.js",
    });
    const paths = result.problems.filter((p) => p.message.includes("took deliveries at /"));
    expect(paths.map((p) => p.message.split(":")[0])).to.deep.equal(["script start", "script other"]);
  });
});

describe("app migrate: npx -p probot", () => {
  it("installs gh-app-kit for the command instead of probot", () => {
    const scripts = {
      start: "npx -p probot probot run ./index.js",
      replay: "npx --yes --package=probot@12 probot receive -e push -p push.json ./index.js",
    };
    const source = JSON.stringify({ name: "x", scripts, dependencies: { probot: "^13.0.0" } });
    const migrated = JSON.parse(migratePackageJson(source, "^1.0.0").code) as { scripts: typeof scripts };
    expect(migrated.scripts).to.deep.equal({
      start: "npx -p gh-app-kit app run ./index.js",
      replay: "npx --yes --package=gh-app-kit app receive -e push -p push.json ./index.js",
    });
  });
});
