import { expect } from "chai";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

// As rapidsai/ops-bot: its own context types are built from @octokit/webhooks, which it never
// declared (it came with probot 13: @octokit/webhooks 12), one of them from a path into the
// package's files. Declared at probot's version, as the report's hint said, the app's types come
// from another major than gh-app-kit's Context (none of its contexts is one any more); and that
// path is not among the files today's version exports (TS2307).
const FILES = {
  "package.json": JSON.stringify({ name: "app", type: "module", dependencies: { probot: "^13.4.1" } }),
  "package-lock.json": JSON.stringify({
    lockfileVersion: 3,
    packages: {
      "": {},
      "node_modules/probot": { version: "13.4.5", dependencies: { "@octokit/webhooks": "^12.0.10", pino: "^9" } },
    },
  }),
  "src/types.ts": [
    'import { Context } from "probot";',
    'import { EmitterWebhookEvent, EmitterWebhookEventName } from "@octokit/webhooks";',
    "export type Own<E extends EmitterWebhookEventName> = EmitterWebhookEvent<E> & Omit<Context, keyof EmitterWebhookEvent>;",
    "",
  ].join("\n"),
  "test/base.ts": [
    'import type { EmitterWebhookEventName } from "@octokit/webhooks/dist-types/types.ts";',
    "export const name: EmitterWebhookEventName = 'push';",
    "",
  ].join("\n"),
};

const ownDependencies = (JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> })
  .dependencies;
const own = ownDependencies["@octokit/webhooks"];
const ownCore = ownDependencies["@octokit/core"];

describe("app migrate: a package gh-app-kit's own types are built from, which the app had only through probot", () => {
  it("asks for gh-app-kit's version of it, not probot's, and for the package's own name instead of a path into it", async () => {
    const dir = await writeAppFiles("app-migrate-framework-types", FILES);
    try {
      const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
      const problems = report.files.flatMap((f) =>
        f.problems.filter((p) => p.message.includes("does not declare")).map((p) => ({ file: f.file, ...p })),
      );
      expect(problems.map((p) => `${p.file}:${p.line} ${p.message}`)).to.deep.equal([
        'src/types.ts:2 imports "@octokit/webhooks", which package.json does not declare: it came with probot (@octokit/webhooks@^12.0.10)',
        'test/base.ts:1 imports "@octokit/webhooks", which package.json does not declare: it came with probot (@octokit/webhooks@^12.0.10)',
      ]);
      for (const problem of problems) {
        expect(problem.hint).to.include(`"@octokit/webhooks": "${own}"`);
        expect(problem.hint).to.include("gh-app-kit's Context");
      }
      expect(problems[0]!.hint).not.to.include("dist-types");
      expect(problems[1]!.hint).to.include('"@octokit/webhooks/dist-types/types.ts"');
      expect(problems[1]!.hint).to.include('from "@octokit/webhooks"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// A TypeScript app that declares such a package itself, at the version probot had: its generic
// `Context<E extends EmitterWebhookEventName>` names events of @octokit/webhooks 12, which gh-app-kit's
// Context (built on its own version) refuses (TS2344), and an `Octokit` of @octokit/core 5 is no
// context.client (TS2322). Nothing was said of it.
const DECLARED = {
  "package.json": JSON.stringify({
    name: "app",
    dependencies: { probot: "^13.4.7" },
    devDependencies: { "@octokit/webhooks": "^12.3.1", "@octokit/core": "^5.2.0", typescript: "^5.6.3" },
  }),
  "src/handlers.ts": [
    'import { Context } from "probot";',
    'import type { EmitterWebhookEventName } from "@octokit/webhooks";',
    'import { Octokit } from "@octokit/core";',
    "export const handle = <E extends EmitterWebhookEventName>(context: Context<E>) => context.repo();",
    "export const client = (context: Context): Octokit => context.octokit;",
    "",
  ].join("\n"),
  "src/plain.js": 'const { Webhooks } = require("@octokit/webhooks");\nmodule.exports = Webhooks;\n',
};

describe("app migrate: a package gh-app-kit's own types are built from, declared at another major", () => {
  it("is reported where a TypeScript file imports it, with gh-app-kit's version to declare", async () => {
    const dir = await writeAppFiles("app-migrate-declared-type-packages", DECLARED);
    try {
      const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
      const problems = report.files.flatMap((f) =>
        f.problems.filter((p) => p.message.includes("another major")).map((p) => ({ file: f.file, ...p })),
      );
      expect(problems.map((p) => `${p.file}:${p.line} ${p.message}`)).to.deep.equal([
        `src/handlers.ts:2 imports "@octokit/webhooks", which package.json declares at ^12.3.1, another major than gh-app-kit's types are built from (${own})`,
        `src/handlers.ts:3 imports "@octokit/core", which package.json declares at ^5.2.0, another major than gh-app-kit's types are built from (${ownCore})`,
      ]);
      expect(problems[0]!.hint).to.include(`"@octokit/webhooks": "${own}"`);
      expect(problems[0]!.hint).to.include('Context<"issues.opened">["payload"]');
      expect(problems[1]!.hint).to.include(`"@octokit/core": "${ownCore}"`);
      expect(problems[1]!.hint).not.to.include("@octokit/webhooks-types");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// The client's REST methods are typed from the @octokit/types that @octokit/plugin-rest-endpoint-methods
// depends on (16), not gh-app-kit's own @octokit/types (18, whose ids are number | bigint): an app that types
// a client's answer with Endpoints[...] of the version the report named could not assign the answer to it.
const clientTypes = (
  JSON.parse(readFileSync("node_modules/@octokit/plugin-rest-endpoint-methods/package.json", "utf8")) as {
    dependencies: Record<string, string>;
  }
).dependencies["@octokit/types"];

describe("app migrate: the version of @octokit/types a report asks for", () => {
  it("is the one the client's REST methods are typed from, declared or not", async () => {
    const files = (declared: boolean) => ({
      "package.json": JSON.stringify({
        name: "app",
        dependencies: { probot: "^13.4.7", ...(declared ? { "@octokit/types": "^13.10.0" } : {}) },
      }),
      "package-lock.json": JSON.stringify({
        lockfileVersion: 3,
        packages: {
          "": {},
          "node_modules/probot": { version: "13.4.7", dependencies: { "@octokit/types": "^13.0.0" } },
        },
      }),
      "src/pull.ts": [
        'import { Context } from "probot";',
        'import type { Endpoints } from "@octokit/types";',
        'type Pull = Endpoints["GET /repos/{owner}/{repo}/pulls/{pull_number}"]["response"]["data"];',
        'export const get = async (context: Context<"pull_request">): Promise<Pull> =>',
        "  (await context.octokit.pulls.get(context.pullRequest())).data;",
        "",
      ].join("\n"),
    });
    for (const declared of [false, true]) {
      const dir = await writeAppFiles("app-migrate-client-types-version", files(declared));
      try {
        const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
        const problems = report.files.flatMap((f) => f.problems.filter((p) => p.message.includes("@octokit/types")));
        expect(problems, `declared: ${declared}`).to.have.length(1);
        expect(problems[0]!.hint).to.include(`"@octokit/types": "${clientTypes}"`);
        if (declared) expect(problems[0]!.message).to.include(`(${clientTypes})`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  });
});

// A TypeScript app of Probot 12 whose tests hand a logger of their own to new Probot({ log }) or new
// Context(event, octokit, log): pino 6's loggers (typed by @types/pino) lack members of gh-app-kit's Logger
// (msgPrefix), so the compiler refuses them (TS2345), where pino 7 and later's fit. Declared, or added at
// probot's version as the report's hint asked, it was so with nothing said.
describe("app migrate: pino before 7 in a TypeScript app", () => {
  it("is reported, declared or not, with gh-app-kit's version to declare for its types", async () => {
    const ownPino = ownDependencies.pino;
    const files = (declared: boolean) => ({
      "package.json": JSON.stringify({
        name: "app",
        dependencies: { probot: "^12.4.0" },
        devDependencies: declared ? { pino: "^6.14.0", "@types/pino": "^6.3.0" } : {},
      }),
      "package-lock.json": JSON.stringify({
        lockfileVersion: 3,
        packages: { "": {}, "node_modules/probot": { version: "12.4.0", dependencies: { pino: "^6.14.0" } } },
      }),
      "test/index.test.ts": [
        'import { Probot } from "probot";',
        'import pino from "pino";',
        "export const probot = new Probot({ githubToken: 'test', log: pino() });",
        "",
      ].join("\n"),
      "test/helper.js": 'const pino = require("pino");\nmodule.exports = pino();\n',
    });
    for (const declared of [false, true]) {
      const dir = await writeAppFiles("app-migrate-pino-6-types", files(declared));
      try {
        const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
        const problems = report.files.flatMap((f) =>
          f.problems.filter((p) => p.message.includes('"pino"')).map((p) => ({ file: f.file, ...p })),
        );
        const typed = problems.filter((p) => p.hint?.includes(`"pino": "${ownPino}"`));
        expect(
          typed.map((p) => `${p.file}:${p.line}`),
          `declared: ${declared}`,
        ).to.deep.equal(["test/index.test.ts:2"]);
        expect(typed[0]!.hint).to.include("Logger");
        expect(typed[0]!.hint).not.to.include("ES modules only");
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  });
});
