import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";
import { startFakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { httpApiEvent, restApiEvent } from "../helpers/lambda-events.js";
import { sign } from "../helpers/sign.js";

const ADAPTER = "@probot/adapter-aws-lambda-serverless";

/** [what it shows, file name, the adapter's handler file, what app migrate writes]. */
const REWRITTEN: ReadonlyArray<[string, string, string, string]> = [
  [
    "the CommonJS handler of the adapter's README",
    "handler.js",
    `const {\n  createLambdaFunction,\n  createProbot,\n} = require("${ADAPTER}");\nconst appFn = require("./");\nmodule.exports.webhooks = createLambdaFunction(appFn, {\n  probot: createProbot(),\n});\n`,
    `const {\n  createLambdaHandler,\n  createApp,\n} = require("gh-app-kit");\nconst appFn = require("./");\nmodule.exports.webhooks = createLambdaHandler(appFn, {\n  app: createApp(),\n});\n`,
  ],
  [
    "an ES module handler",
    "handler.mjs",
    `import { createLambdaFunction, createProbot } from "${ADAPTER}";\nimport appFn from "./index.js";\nexport const webhooks = createLambdaFunction(appFn, { probot: createProbot() });\n`,
    `import { createLambdaHandler, createApp } from "gh-app-kit";\nimport appFn from "./index.js";\nexport const webhooks = createLambdaHandler(appFn, { app: createApp() });\n`,
  ],
  [
    "aliased imports keep their aliases",
    "src/aws-lambda.ts",
    `import { createLambdaFunction as lambda, createProbot as makeProbot } from '${ADAPTER}'\nimport appFn from './app'\n\nexport const handler = lambda(appFn, { probot: makeProbot() })\n`,
    `import { createLambdaHandler as lambda, createApp as makeProbot } from 'gh-app-kit'\nimport appFn from './app'\n\nexport const handler = lambda(appFn, { app: makeProbot() })\n`,
  ],
  [
    "aliased CommonJS destructuring, and a Probot made beforehand",
    "netlify/functions/webhooks.js",
    `const { createLambdaFunction: toLambda, createProbot: make } = require('${ADAPTER}')\nconst probot = make({ overrides: { githubToken: process.env.TOKEN } })\nexports.handler = toLambda(require('../../lib'), { probot })\n`,
    `const { createLambdaHandler: toLambda, createApp: make } = require('gh-app-kit')\nconst probot = make({ overrides: { platformToken: process.env.TOKEN } })\nexports.handler = toLambda(require('../../lib'), { app: probot })\n`,
  ],
  [
    "Probot's own names, which the adapter re-exports, and its types",
    "src/lambda.ts",
    `import { createLambdaFunction, createProbot, Probot } from "${ADAPTER}";\nimport app from "./index.js";\nconst probot: Probot = createProbot();\nconst fn = app as unknown as Parameters<typeof createLambdaFunction>[0];\nexport const webhooks = createLambdaFunction(fn, { probot });\n`,
    `import { createLambdaHandler, createApp, App } from "gh-app-kit";\nimport app from "./index.js";\nconst probot: App = createApp();\nconst fn = app as unknown as Parameters<typeof createLambdaHandler>[0];\nexport const webhooks = createLambdaHandler(fn, { app: probot });\n`,
  ],
  [
    "a dynamic import, destructured",
    "handler.mjs",
    `const { createLambdaFunction, createProbot } = await import("${ADAPTER}");\nexport const webhooks = createLambdaFunction(appFn, { probot: createProbot() });\n`,
    `const { createLambdaHandler, createApp } = await import("gh-app-kit");\nexport const webhooks = createLambdaHandler(appFn, { app: createApp() });\n`,
  ],
  [
    "a member of require()",
    "handler.js",
    `const probot = require("${ADAPTER}").createProbot();\nexports.webhooks = require("${ADAPTER}").createLambdaFunction(require("./"), { probot });\n`,
    `const probot = require("gh-app-kit").createApp();\nexports.webhooks = require("gh-app-kit").createLambdaHandler(require("./"), { app: probot });\n`,
  ],
];

/** [what it shows, file name, source, substring of the problem reported]: the file is left as it was. */
const REPORTED: ReadonlyArray<[string, string, string, string]> = [
  [
    "options the migration cannot see",
    "handler.js",
    `const { createLambdaFunction } = require("${ADAPTER}");\nmodule.exports.make = (appFn, options) => createLambdaFunction(appFn, options);\n`,
    "createLambdaFunction",
  ],
  [
    "a name gh-app-kit does not have (the adapter's first release)",
    "handler.js",
    `const { serverless } = require("${ADAPTER}");\nmodule.exports.probot = serverless(require("./"));\n`,
    "serverless",
  ],
  [
    "the whole module under one name",
    "handler.mjs",
    `import * as adapter from "${ADAPTER}";\nexport const webhooks = adapter.createLambdaFunction(app, { probot: adapter.createProbot() });\n`,
    ADAPTER,
  ],
];

describe("app migrate: Probot's AWS Lambda adapter", () => {
  for (const [title, file, before, after] of REWRITTEN) {
    it(`rewrites ${title}`, () => {
      const result = migrateSource(file, before);
      expect(result.problems.map((problem) => problem.message)).to.deep.equal([]);
      expect(result.code).to.equal(after);
      const changes = result.changes.map((change) => change.text);
      expect(changes).to.include.members([`"${ADAPTER}" → "gh-app-kit"`, "option probot → app"]);
      expect(changes.some((text) => text.startsWith("createLambdaFunction → createLambdaHandler"))).to.equal(true);
      // A second run changes nothing.
      expect(migrateSource(file, result.code).code).to.equal(result.code);
    });
  }

  for (const [title, file, code, problem] of REPORTED) {
    it(`reports ${title} and leaves the file as it was`, () => {
      const result = migrateSource(file, code);
      expect(result.code).to.equal(code);
      const messages = result.problems.map((p) => `${p.message} ${p.hint}`).join("\n");
      expect(messages).to.include(problem);
      expect(messages).to.include("createLambdaHandler");
    });
  }
});

describe("app migrate: a folder deployed with Probot's AWS Lambda adapter", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-lambda-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const handler = `const { createLambdaFunction, createProbot } = require("${ADAPTER}");\nmodule.exports.webhooks = createLambdaFunction(require("./"), { probot: createProbot() });\n`;

  it("drops the adapter from package.json and puts gh-app-kit in its place", async () => {
    const manifest = { name: "lambda-app", dependencies: { [ADAPTER]: "^4.0.0", lodash: "^4.0.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "handler.js"), handler);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0", lodash: "^4.0.0" });
    expect(await readFile(join(dir, "handler.js"), "utf8")).to.include("createLambdaHandler");
    const all = report.files.flatMap((f) => f.problems.map((p) => p.message));
    expect(all).to.deep.equal([]);
    expect(report.files.find((f) => f.file === "package.json")?.changes.map((c) => c.text)).to.include(
      `dependencies: - ${ADAPTER}@^4.0.0 (handler.js imports gh-app-kit instead)`,
    );
    expect((await migrateApp({ directory: dir, framework: "^1.0.0" })).diff).to.equal("");
  });

  it("replaces probot and drops the adapter when both are declared", async () => {
    const manifest = { name: "lambda-app", dependencies: { probot: "^13.0.0", [ADAPTER]: "^4.0.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "handler.js"), handler);
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0" });
  });

  // The adapter depends on probot: it brought Probot to a production install (npm ci --omit=dev, as
  // serverless and Lambda packaging install) of an app that declared probot for its types and tests only.
  it("moves gh-app-kit to dependencies when probot was a devDependency and the adapter a dependency", async () => {
    const manifest = {
      name: "lambda-app",
      dependencies: { [ADAPTER]: "^3.0.0" },
      devDependencies: { probot: "^12.1.3", typescript: "^4.5.4" },
    };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "handler.js"), handler);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0" });
    expect(written.devDependencies).to.deep.equal({ typescript: "^4.5.4" });
    expect(report.files.find((f) => f.file === "package.json")?.changes.map((c) => c.text)).to.include(
      `dependencies: + gh-app-kit@^1.0.0, from devDependencies (handler.js imports it in place of ${ADAPTER}, a dependency that brought probot)`,
    );
    expect((await migrateApp({ directory: dir, framework: "^1.0.0" })).diff).to.equal("");
  });

  it("leaves gh-app-kit in devDependencies when the adapter was a devDependency too", async () => {
    const manifest = { name: "lambda-app", devDependencies: { [ADAPTER]: "^3.0.0", probot: "^12.1.3" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "handler.js"), handler);
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as Record<string, unknown>;
    expect(written.devDependencies).to.deep.equal({ "gh-app-kit": "^1.0.0" });
    expect(written).to.not.have.property("dependencies");
  });

  it("keeps the adapter while a file it could not rewrite still imports it, and says so", async () => {
    const manifest = { name: "lambda-app", dependencies: { probot: "^13.0.0", [ADAPTER]: "^4.0.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "handler.js"), handler);
    await writeFile(join(dir, "other.js"), `const { serverless } = require("${ADAPTER}");\nserverless();\n`);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "gh-app-kit": "^1.0.0", [ADAPTER]: "^4.0.0" });
    const problems = report.files.find((f) => f.file === "package.json")?.problems.map((p) => p.message);
    expect(problems?.join("\n")).to.include(ADAPTER);
  });
});

/** Invokes the exported function of `file` with each event in turn (in a process of its own) and prints the results. */
const INVOKE = `const [file, name, events] = process.argv.slice(2);
(async () => {
  const handler = require(file)[name];
  const results = [];
  for (const event of JSON.parse(events)) results.push(await handler(event, { awsRequestId: "r" }));
  console.log(JSON.stringify(results.map((result) => result.statusCode)));
})();
`;

// The migrated handler, run: the adapter's README file, after app migrate, answers API Gateway events
// with createApp() reading the function's environment.
describe("app migrate: the migrated Lambda handler runs", function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-lambda-run-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("answers a signed delivery (REST API and HTTP API events) and a bad signature as Probot's adapter did", async () => {
    const manifest = { name: "lambda-app", dependencies: { [ADAPTER]: "^4.0.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(
      join(dir, "handler.js"),
      `const {\n  createLambdaFunction,\n  createProbot,\n} = require("${ADAPTER}");\nconst appFn = require("./");\nmodule.exports.webhooks = createLambdaFunction(appFn, {\n  probot: createProbot(),\n});\n`,
    );
    await writeFile(
      join(dir, "index.js"),
      'module.exports = (app) => {\n  app.on("issues.opened", async (context) => {\n    await context.octokit.issues.createComment(context.issue({ body: "Thanks!" }));\n  });\n};\n',
    );
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    // gh-app-kit as npm would install it: this checkout (built).
    await mkdir(join(dir, "node_modules"), { recursive: true });
    await symlink(fileURLToPath(new URL("../..", import.meta.url)), join(dir, "node_modules/gh-app-kit"), "dir");
    await writeFile(join(dir, "invoke.cjs"), INVOKE);

    const keys = getTestKeys();
    const platform = await startFakePlatform({ publicKey: keys.publicKey, pathPrefix: "/api/v3" });
    try {
      const secret = "lambda-migrate-secret";
      const signed = (number: number, key = secret) => {
        const body = JSON.stringify({
          action: "opened",
          issue: { number },
          repository: { name: "hello", owner: { login: "octo" } },
          installation: { id: 1 },
        });
        return {
          method: "POST",
          path: "/api/github/webhooks",
          headers: {
            "Content-Type": "application/json",
            "X-GitHub-Delivery": `d-${number}`,
            "X-GitHub-Event": "issues",
            "X-Hub-Signature-256": sign(key, body),
          },
          body,
        };
      };
      const events = [
        restApiEvent(signed(1)),
        httpApiEvent({ ...signed(2), base64: true }),
        httpApiEvent(signed(3, "x")),
      ];
      const { host } = new URL(platform.url);
      const output = await new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          ["invoke.cjs", "./handler.js", "webhooks", JSON.stringify(events)],
          {
            cwd: dir,
            timeout: 30_000,
            env: {
              PATH: process.env.PATH,
              APP_ID: "1",
              PRIVATE_KEY: keys.privateKeyPkcs1,
              WEBHOOK_SECRET: secret,
              GHE_HOST: host,
              GHE_PROTOCOL: "http",
              LOG_LEVEL: "fatal",
            },
          },
          (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
        ),
      );
      expect(JSON.parse(output.trim().split("\n").pop()!)).to.deep.equal([200, 200, 400]);
      const comments = platform.callsTo("POST", "/repos/octo/hello/issues/:number/comments");
      expect(comments.map((call) => call.path).sort()).to.deep.equal([
        "/repos/octo/hello/issues/1/comments",
        "/repos/octo/hello/issues/2/comments",
      ]);
      // With an installation token the app exchanged its JWT for.
      expect(platform.tokenExchanges().length).to.be.greaterThan(0);
      expect(comments.every((call) => /^token ghs_/.test(String(call.headers.authorization)))).to.equal(true);
    } finally {
      await platform.close();
    }
  });
});
