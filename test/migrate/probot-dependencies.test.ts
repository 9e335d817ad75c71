import { expect } from "chai";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

/** `app migrate --dry-run` of an app with these files: each file's problems, as "file:line message". */
async function problemsOf(files: Record<string, string>): Promise<string[]> {
  const dir = await writeAppFiles("app-migrate-probot-dependencies", files);
  try {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    return report.files.flatMap((f) => f.problems.map((p) => `${f.file}:${p.line ?? 0} ${p.message}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `app migrate` of an app with these files: package.json as written, its changes, and every problem. */
async function migrated(files: Record<string, string>) {
  const dir = await writeAppFiles("app-migrate-probot-dependencies", files);
  try {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
    const test = await readFile(join(dir, "test/robot.test.ts"), "utf8").catch(() => undefined);
    const changes = report.files.find((f) => f.file === "package.json")?.changes.map((c) => c.text) ?? [];
    const problems = report.files.flatMap((f) => f.problems.map((p) => `${f.file}:${p.line ?? 0} ${p.message}`));
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    return { written, changes, problems, secondDiff: again.diff, test };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const manifest = (dependencies: Record<string, string> = {}) =>
  JSON.stringify({ name: "app", dependencies: { probot: "^12.1.0", ...dependencies } }, null, 2) + "\n";

const npmLock = JSON.stringify({
  lockfileVersion: 3,
  packages: {
    "": {},
    "node_modules/probot": { version: "12.1.0", dependencies: { pino: "^7.0.0", express: "^4.17.1", "js-yaml": "^3" } },
  },
});

// As jpoehnelt/in-solidarity-bot: `import pino from "pino"` for its own logger, pino never declared.
const SOURCES = {
  "src/index.ts": [
    'import { Probot } from "probot";',
    'import pino from "pino";',
    'import type { Request } from "express";',
    'import yaml from "js-yaml";',
    'import { helper } from "./helper";',
    "export const log: pino.Logger = pino();",
    "export default (app: Probot) => app.log.info(helper(yaml));",
    "",
  ].join("\n"),
  "src/helper.js": [
    '// require("express") is only a comment here',
    'const fs = require("node:fs");',
    'module.exports = { helper: () => require("express/lib/router") && fs };',
    "",
  ].join("\n"),
};

describe("app migrate: packages the app had only through probot", () => {
  it("declares each one the app imports, with probot's range (npm's lockfile), in dependencies where the app's code imports it", async () => {
    const { written, changes, problems, secondDiff } = await migrated({
      "package.json": manifest({ "js-yaml": "^4.1.0" }),
      "package-lock.json": npmLock,
      ...SOURCES,
    });
    expect(written.dependencies).to.deep.equal({
      express: "^4.17.1",
      "gh-app-kit": "^1.0.0",
      "js-yaml": "^4.1.0",
      pino: "^7.0.0",
    });
    expect(changes).to.include.members([
      "dependencies: + express@^4.17.1 (src/helper.js imports it; it came with probot (express@^4.17.1))",
      "dependencies: + pino@^7.0.0 (src/index.ts imports it; it came with probot (pino@^7.0.0))",
    ]);
    expect(problems.filter((p) => p.includes("does not declare"))).to.deep.equal([]);
    expect(secondDiff).to.equal("");
  });

  // As jpoehnelt/in-solidarity-bot: `RestEndpointMethodTypes` from the plugin-rest-endpoint-methods 5 that came with
  // probot types its calls of context.client, whose methods are typed by gh-app-kit's own version.
  it("leaves a package gh-app-kit's types are built from to gh-app-kit's version, and reports it", async () => {
    const lock = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        "": {},
        "node_modules/probot": {
          version: "12.1.0",
          dependencies: { "@octokit/plugin-rest-endpoint-methods": "^5.0.1", "@octokit/core": "^3.2.4" },
        },
      },
    });
    const { written, problems } = await migrated({
      "package.json": manifest(),
      "package-lock.json": lock,
      "src/solidarity.ts": [
        'import { RestEndpointMethodTypes } from "@octokit/plugin-rest-endpoint-methods";',
        'import type { Octokit } from "@octokit/core";',
        'export type Params = RestEndpointMethodTypes["checks"]["create"]["parameters"] | Octokit;',
        "",
      ].join("\n"),
    });
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0" });
    expect(problems.filter((p) => p.includes("does not declare"))).to.deep.equal([
      'src/solidarity.ts:1 imports "@octokit/plugin-rest-endpoint-methods", which package.json does not declare: it came with probot (@octokit/plugin-rest-endpoint-methods@^5.0.1)',
      'src/solidarity.ts:2 imports "@octokit/core", which package.json does not declare: it came with probot (@octokit/core@^3.2.4)',
    ]);
  });

  it("declares one only tests import in devDependencies", async () => {
    const { written, changes } = await migrated({
      "package.json": manifest(),
      "package-lock.json": npmLock,
      "index.js": "module.exports = (app) => app.log.info('hi');\n",
      "test/index.test.js": 'const pino = require("pino");\nmodule.exports = pino();\n',
      "src/app.spec.ts": 'import yaml from "js-yaml";\nexport default yaml;\n',
    });
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0" });
    expect(written.devDependencies).to.deep.equal({ "js-yaml": "^3", pino: "^7.0.0" });
    expect(changes).to.include(
      "devDependencies: + pino@^7.0.0 (test/index.test.js imports it; it came with probot (pino@^7.0.0))",
    );
  });

  it("reports one that came through probot's own dependencies (npm's lockfile), unless another dependency brings it", async () => {
    // As gitpoap/gitpoap-bot: @sentry/node came through @probot/pino; debug comes through express as well.
    const lock = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        "": { dependencies: { probot: "^12.1.0", express: "^4.18.2" } },
        "node_modules/probot": { version: "12.2.8", dependencies: { "@probot/pino": "^2.2.0" } },
        "node_modules/@probot/pino": { version: "2.3.5", dependencies: { "@sentry/node": "^6.0.0", split2: "^4" } },
        "node_modules/@sentry/node": { version: "6.19.7", dependencies: { "@sentry/core": "6.19.7" } },
        "node_modules/@sentry/core": { version: "6.19.7" },
        "node_modules/split2": { version: "4.2.0" },
        "node_modules/express": { version: "4.18.2", dependencies: { split2: "^4" } },
      },
    });
    const problems = await problemsOf({
      "package.json": manifest({ express: "^4.18.2" }),
      "package-lock.json": lock,
      "src/index.js": [
        'const Sentry = require("@sentry/node");',
        'const { getCurrentHub } = require("@sentry/core");',
        'const split = require("split2");',
        "module.exports = (app) => app.log.info(Sentry, getCurrentHub, split);",
        "",
      ].join("\n"),
    });
    expect(problems.filter((p) => p.includes("does not declare"))).to.deep.equal([]);
    const { written, changes } = await migrated({
      "package.json": manifest({ express: "^4.18.2" }),
      "package-lock.json": lock,
      "src/index.js":
        'const Sentry = require("@sentry/node");\nconst { getCurrentHub } = require("@sentry/core");\nrequire("split2");\nmodule.exports = { Sentry, getCurrentHub };\n',
    });
    expect(written.dependencies).to.deep.equal({
      "@sentry/core": "^6.19.7",
      "@sentry/node": "^6.19.7",
      express: "^4.18.2",
      "gh-app-kit": "^1.0.0",
    });
    expect(changes).to.include(
      "dependencies: + @sentry/core@^6.19.7 (src/index.js imports it; it came with probot, through @probot/pino and @sentry/node (@sentry/core@6.19.7))",
    );
  });

  it("reads what came through probot's own dependencies from npm's lockfile 1 too, without node_modules", async () => {
    // As cchantep/probot-jira: `import type { PullRequest } from "@octokit/webhooks-types"`, which came with
    // probot 12 through @octokit/webhooks; its lockfile 1 nests a copy another package needs under it.
    const lock = JSON.stringify({
      lockfileVersion: 1,
      requires: true,
      dependencies: {
        probot: { version: "12.3.0", requires: { "@octokit/webhooks": "^9.8.4" } },
        "@octokit/webhooks": { version: "9.26.0", requires: { "@octokit/webhooks-types": "5.8.0" } },
        "@octokit/webhooks-types": { version: "5.8.0" },
        axios: {
          version: "0.27.2",
          requires: { "follow-redirects": "^1.14.9" },
          dependencies: { "follow-redirects": { version: "1.15.2" } },
        },
        "follow-redirects": { version: "1.0.0" },
      },
    });
    const { written, changes } = await migrated({
      "package.json": manifest({ axios: "^0.27.2" }),
      "package-lock.json": lock,
      "src/index.ts": 'import type { PullRequest } from "@octokit/webhooks-types";\nexport type P = PullRequest;\n',
    });
    expect(written.dependencies).to.deep.equal({
      "@octokit/webhooks-types": "^5.8.0",
      axios: "^0.27.2",
      "gh-app-kit": "^1.0.0",
    });
    expect(changes).to.include(
      "dependencies: + @octokit/webhooks-types@^5.8.0 (src/index.ts imports it; it came with probot, through @octokit/webhooks (@octokit/webhooks-types@5.8.0))",
    );
  });

  it("reads probot's dependencies from yarn.lock", async () => {
    const yarnLock = [
      "# yarn lockfile v1",
      "",
      "probot@^12.1.0:",
      '  version "12.1.0"',
      '  resolved "https://registry.yarnpkg.com/probot/-/probot-12.1.0.tgz"',
      "  dependencies:",
      '    "@octokit/webhooks" "^9.8.4"',
      '    pino "^6.7.0"',
      "",
    ].join("\n");
    const problems = await problemsOf({
      "package.json": manifest(),
      "yarn.lock": yarnLock,
      "index.js":
        'const { Probot } = require("probot");\nconst pino = require("pino");\nmodule.exports = { Probot, pino };\n',
    });
    expect(problems).to.deep.equal([]);
    const { written } = await migrated({
      "package.json": manifest(),
      "yarn.lock": yarnLock,
      "index.js": 'const pino = require("pino");\nmodule.exports = { pino };\n',
    });
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0", pino: "^6.7.0" });
  });

  // As offu/close-issue-app (yarn 1, Probot 9): its test imports `RequestError` from
  // "@octokit/request-error", which came through probot's @octokit/request (2.1.0, whose options took
  // `headers`); without probot it is gh-app-kit's (7, which take none): the file no longer compiles.
  // (Its named import now becomes gh-app-kit's RequestError, below; a namespace stays, as here.)
  it("declares one that came through probot's own dependencies as node_modules places them (yarn.lock, npm's lockfile 1)", async () => {
    const pkg = (name: string, version: string, dependencies: Record<string, string> = {}) =>
      JSON.stringify({ name, version, dependencies });
    const installed = {
      "node_modules/probot/package.json": pkg("probot", "9.15.1", { "@octokit/request": "^5.3.1" }),
      "node_modules/@octokit/request/package.json": pkg("@octokit/request", "5.4.12", {
        "@octokit/request-error": "^2.0.0",
        "is-plain-object": "^5.0.0",
      }),
      "node_modules/@octokit/request-error/package.json": pkg("@octokit/request-error", "2.1.0", {
        deprecation: "^2.0.0",
      }),
      "node_modules/deprecation/package.json": pkg("deprecation", "2.3.1"),
      // Nested under the package that needs it: this copy is the one it reaches.
      "node_modules/@octokit/request/node_modules/is-plain-object/package.json": pkg("is-plain-object", "5.0.0"),
      "node_modules/is-plain-object/package.json": pkg("is-plain-object", "2.0.4"),
      // A dependency of the app's own (jest's) brings deprecation as well.
      "node_modules/jest/package.json": pkg("jest", "26.6.3", { deprecation: "^2.0.0" }),
    };
    for (const lockfile of [
      { "yarn.lock": "# yarn lockfile v1\n" },
      { "package-lock.json": JSON.stringify({ lockfileVersion: 1, dependencies: {} }) },
    ]) {
      const { written, problems } = await migrated({
        "package.json":
          JSON.stringify({ name: "app", dependencies: { probot: "9.15.1" }, devDependencies: { jest: "26.6.3" } }) +
          "\n",
        ...lockfile,
        ...installed,
        "test/robot.test.ts": [
          "import * as requestErrors from '@octokit/request-error'",
          "import isPlainObject from 'is-plain-object'",
          "import { Deprecation } from 'deprecation'",
          "export const errors = [requestErrors, isPlainObject, Deprecation]",
          "",
        ].join("\n"),
      });
      // Declared at the version it came in, for the test that imports it; the two others come with the app's own.
      expect(problems.filter((p) => p.includes("does not declare"))).to.deep.equal([]);
      expect(written.devDependencies).to.deep.equal({ "@octokit/request-error": "^2.1.0", jest: "26.6.3" });
    }
    // Its named RequestError (close-issue-app's own import) is gh-app-kit's now: nothing to declare for it.
    const { written, problems, test } = await migrated({
      "package.json":
        JSON.stringify({ name: "app", dependencies: { probot: "9.15.1" }, devDependencies: { jest: "26.6.3" } }) + "\n",
      "yarn.lock": "# yarn lockfile v1\n",
      ...installed,
      "test/robot.test.ts":
        "import { RequestError as HttpError } from '@octokit/request-error'\nexport const error = HttpError\n",
    });
    expect(problems.filter((p) => p.includes("does not declare"))).to.deep.equal([]);
    expect(written.devDependencies).to.deep.equal({ jest: "26.6.3" });
    expect(test).to.equal("import { RequestError as HttpError } from 'gh-app-kit'\nexport const error = HttpError\n");
  });

  // As dkhmelenko/autoapproval: its types come from @octokit/webhooks-types, which probot's @octokit/webhooks
  // brought; the Actions adapter needs probot too, so while it stayed the package was not probot's alone. Once
  // the migration drops the adapter, nothing else brings it.
  it("counts what came only through probot and an adapter the migration drops as probot's", async () => {
    const lock = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        "": { dependencies: { probot: "^12.3.1", "@probot/adapter-github-actions": "^3.1.3" } },
        "node_modules/probot": { version: "12.3.1", dependencies: { "@octokit/webhooks": "^9.0.0" } },
        "node_modules/@probot/adapter-github-actions": { version: "3.1.3", dependencies: { probot: "^12.0.0" } },
        "node_modules/@octokit/webhooks": { version: "9.26.0", dependencies: { "@octokit/webhooks-types": "5.8.0" } },
        "node_modules/@octokit/webhooks-types": { version: "5.8.0" },
      },
    });
    const { written, changes } = await migrated({
      "package.json": manifest({ probot: "^12.3.1", "@probot/adapter-github-actions": "^3.1.3" }),
      "package-lock.json": lock,
      "index.js": 'const { run } = require("@probot/adapter-github-actions");\nrun(require("./lib/app"));\n',
      "src/app.ts":
        'import type { IssuesOpenedEvent } from "@octokit/webhooks-types";\nexport type Opened = IssuesOpenedEvent;\n',
    });
    expect(written.dependencies).to.deep.equal({ "@octokit/webhooks-types": "^5.8.0", "gh-app-kit": "^1.0.0" });
    // Another dependency with its own copy of the package, nested: the app's require() still finds probot's.
    const withOctokit = JSON.parse(lock) as { packages: Record<string, Record<string, unknown>> };
    withOctokit.packages[""]!.dependencies = {
      ...(withOctokit.packages[""]!.dependencies as object),
      octokit: "^3.1.1",
    };
    withOctokit.packages["node_modules/octokit"] = { version: "3.1.1", dependencies: { "@octokit/app": "^14.0.0" } };
    withOctokit.packages["node_modules/@octokit/app"] = {
      version: "14.0.2",
      dependencies: { "@octokit/webhooks-types": "7.1.0" },
    };
    withOctokit.packages["node_modules/@octokit/app/node_modules/@octokit/webhooks-types"] = { version: "7.1.0" };
    const again = await migrated({
      "package.json": manifest({
        probot: "^12.3.1",
        "@probot/adapter-github-actions": "^3.1.3",
        octokit: "^3.1.1",
      }),
      "package-lock.json": JSON.stringify(withOctokit),
      "index.js": 'const { run } = require("@probot/adapter-github-actions");\nrun(require("./lib/app"));\n',
      "src/app.ts":
        'import type { IssuesOpenedEvent } from "@octokit/webhooks-types";\nexport type Opened = IssuesOpenedEvent;\n',
    });
    expect(again.written.dependencies).to.include({ "@octokit/webhooks-types": "^5.8.0" });
    expect(changes).to.include(
      "dependencies: - @probot/adapter-github-actions@^3.1.3 (index.js imports gh-app-kit/actions instead)",
    );
  });

  // As gitpoap/gitpoap-bot (yarn 1): its test script is `jest --setupFiles dotenv/config`, dotenv never
  // declared. Without probot it resolves only where the install hoists gh-app-kit's copy (not under pnpm).
  it("reports a package a script preloads (--setupFiles, -r, --require, --import) that came with probot", async () => {
    const scripts = {
      test: "jest --verbose --setupFiles dotenv/config",
      start: "node -r dotenv/config ./index.js",
      dev: "node --import=./register.js --require ./local.js index.js",
      lint: "mocha --require pino/file",
    };
    const text = JSON.stringify({ name: "app", scripts, dependencies: { probot: "^12.1.0" } }, null, 2) + "\n";
    const lock = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        "": {},
        "node_modules/probot": { version: "12.1.0", dependencies: { dotenv: "^8.2.0", pino: "^6" } },
      },
    });
    const problems = await problemsOf({
      "package.json": text,
      "package-lock.json": lock,
      "index.js": "module.exports = () => {};\n",
    });
    expect(problems.filter((p) => p.includes("does not declare"))).to.deep.equal([]);
    const { written, changes } = await migrated({
      "package.json": text,
      "package-lock.json": lock,
      "index.js": "module.exports = () => {};\n",
    });
    // start runs the app: dotenv is the app's; only lint (a check) loads pino. pino 6's pino-pretty came with neither.
    expect(written.dependencies).to.deep.equal({ dotenv: "^8.2.0", "gh-app-kit": "^1.0.0" });
    expect(written.devDependencies).to.deep.equal({ pino: "^6" });
    expect(changes).to.include("devDependencies: + pino@^6 (script lint loads it; it came with probot (pino@^6))");
  });

  it("without a lockfile or node_modules, knows the packages Probot always had", async () => {
    const problems = await problemsOf({
      "package.json": manifest(),
      "index.js": 'const express = require("express");\nmodule.exports = { express };\n',
    });
    expect(problems).to.deep.equal([
      'index.js:1 imports "express", which package.json does not declare: it came with probot',
    ]);
  });

  // As probot/unfurl (Probot 6, no lockfile): its test takes cache-manager, which Probot 3 to 9 brought.
  it("without a lockfile, knows the packages of the Probot major the app declares", async () => {
    const sources = {
      "test/index.test.js": [
        'const { createRobot } = require("probot");',
        'const cacheManager = require("cache-manager");',
        'const bunyan = require("bunyan");',
        'const { v4 } = require("uuid");',
        "module.exports = { createRobot, cacheManager, bunyan, v4 };",
        "",
      ].join("\n"),
    };
    const probot6 = await problemsOf({
      "package.json": manifest({ probot: "^6.0.0" }),
      ...sources,
    });
    expect(probot6.filter((p) => p.includes("does not declare"))).to.deep.equal([
      'test/index.test.js:2 imports "cache-manager", which package.json does not declare: it came with probot',
      'test/index.test.js:3 imports "bunyan", which package.json does not declare: it came with probot',
    ]);
    const probot12 = await problemsOf({ "package.json": manifest(), ...sources });
    expect(probot12.filter((p) => p.includes("does not declare"))).to.deep.equal([
      'test/index.test.js:4 imports "uuid", which package.json does not declare: it came with probot',
    ]);
    const probot14 = await problemsOf({ "package.json": manifest({ probot: "^14.0.0" }), ...sources });
    expect(probot14.filter((p) => p.includes("does not declare"))).to.deep.equal([]);
  });

  it("says nothing when the app declares them, or does not depend on probot", async () => {
    const declared = await problemsOf({
      "package.json": manifest({ pino: "^7.0.0", express: "^4.17.1", "js-yaml": "^4.1.0" }),
      "package-lock.json": npmLock,
      ...SOURCES,
    });
    expect(declared.filter((p) => p.includes("does not declare"))).to.deep.equal([]);
    const notProbot = await problemsOf({
      "package.json": JSON.stringify({ name: "app", dependencies: {} }),
      "index.js": 'require("express");\n',
    });
    expect(notProbot).to.deep.equal([]);
  });
});

// As nikku/merge-me (Probot 10): its tests make their own logger, `pino({ prettyPrint: true })`, with the
// pino 6 that came with probot; before pino 7, prettyPrint loads pino-pretty, which came with probot too
// and which the app never names. Declaring pino alone, as the report said, left pino-pretty resolving to
// gh-app-kit's own (another major): "pretty is not a function".
describe("app migrate: pino before 7, which loads the pino-pretty that came with probot", () => {
  const app = (lockDependencies: Record<string, string>) => ({
    "package.json": manifest(),
    "package-lock.json": JSON.stringify({
      lockfileVersion: 3,
      packages: { "": {}, "node_modules/probot": { version: "10.19.0", dependencies: lockDependencies } },
    }),
    "test/recording.js": 'const pino = require("pino");\nmodule.exports = pino({ prettyPrint: true });\n',
  });

  it("declares pino-pretty too, with the range it came in", async () => {
    const { written, changes } = await migrated(app({ pino: "^6.5.0", "pino-pretty": "^4.1.0" }));
    expect(written.devDependencies).to.deep.equal({ pino: "^6.5.0", "pino-pretty": "^4.1.0" });
    expect(changes).to.include(
      "devDependencies: + pino-pretty@^4.1.0 (pino@^6.5.0 loads it; it came with probot (pino-pretty@^4.1.0))",
    );
  });

  it("in TypeScript, says where such a pino's loggers are not gh-app-kit's Logger", async () => {
    const { written, problems } = await migrated({
      ...app({ pino: "^6.5.0", "pino-pretty": "^4.1.0" }),
      "test/index.test.ts": 'import pino from "pino";\nexport const log = pino({ level: "silent" });\n',
    });
    expect(written.devDependencies).to.include({ pino: "^6.5.0" });
    expect(problems).to.include(
      'test/index.test.ts:1 imports "pino", now declared at ^6.5.0 (the version that came with probot)',
    );
  });

  it("in TypeScript, declares the @types/pino that came with probot too: pino 6 has no types of its own (HG)", async () => {
    // Probot 12 brought @types/pino; without it a strict TypeScript test stops at TS7016 on its `import pino`.
    const deps = { pino: "^6.14.0", "pino-pretty": "^4.1.0", "@types/pino": "^6.3.4" };
    const ts = await migrated({
      ...app(deps),
      "test/index.test.ts": 'import pino from "pino";\nexport const log = pino({ level: "silent" });\n',
    });
    expect(ts.written.devDependencies).to.include({ pino: "^6.14.0", "@types/pino": "^6.3.4" });
    expect(ts.changes).to.include(
      "devDependencies: + @types/pino@^6.3.4 (pino@^6.14.0 is typed by it; it came with probot (@types/pino@^6.3.4))",
    );
    // Only for TypeScript: JavaScript reads no types.
    const js = await migrated(app(deps));
    expect(js.written.devDependencies).to.not.have.property("@types/pino");
  });

  it("not for pino 7 and later, which loads no pino-pretty of its own accord", async () => {
    const { written } = await migrated(app({ pino: "^7.0.0", "pino-pretty": "^6.0.0" }));
    expect(written.devDependencies).to.deep.equal({ pino: "^7.0.0" });
  });

  it("without a known range (no lockfile), still says to declare both", async () => {
    const problems = await problemsOf({
      "package.json": manifest({ probot: "^10.0.0" }),
      "test/recording.js": 'const pino = require("pino");\nmodule.exports = pino({ prettyPrint: true });\n',
    });
    expect(problems.filter((p) => p.includes("does not declare"))).to.deep.equal([
      'test/recording.js:1 imports "pino", which package.json does not declare: it came with probot',
    ]);
  });
});
