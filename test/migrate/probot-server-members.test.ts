import { expect } from "chai";
import * as framework from "../../src/index.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// Probot 7 to 10's Probot was its own HTTP server: an entry of that time made one, loaded the app with
// `setup([appFn])` (Probot 7 to 9), logged through `probot.logger` and called `probot.start()`; Probot
// 10 also had a static `Probot.run(appFn)`. The App has none of these: after `app migrate` said
// nothing, the entry threw `probot.setup is not a function` at once.
const ENTRY = [
  "const { createProbot } = require('probot')",
  "const probot = createProbot({ id: 1, cert: 'test', port: 3000 })",
  "probot.setup([(robot) => robot.on('issues.opened', () => undefined)])",
  "probot.logger.info('loaded')",
  "probot.start()",
  "module.exports = { probot, server: probot.server }",
  "",
].join("\n");

describe("app migrate: Probot 7 to 10's instance that was its own server", () => {
  it("renames setup() and logger, which the App has as load() and log, and the entry then loads the app", async () => {
    const result = migrateSource("index.js", ENTRY);
    const lines = result.code.split("\n");
    expect(lines[2]).to.equal("probot.load([(robot) => robot.on('issues.opened', () => undefined)])");
    expect(lines[3]).to.equal("probot.log.info('loaded')");
    expect(result.changes.map((c) => c.text)).to.include.members([
      "Probot 7 to 9's probot.setup → probot.load",
      "Probot 7 to 9's probot.logger → probot.log",
    ]);
    // Run without the lines of the server, which are reported: the app loads on the App.
    const runnable = lines.filter((line) => !/start\(\)|server/.test(line)).join("\n");
    const module = { exports: undefined as unknown };
    new Function("require", "module", `${runnable}\nmodule.exports = probot`)(
      (name: string) => (name === "gh-app-kit" ? framework : undefined),
      module,
    );
    const app = module.exports as InstanceType<typeof framework.App>;
    expect(app).to.be.instanceOf(framework.App);
    expect(migrateSource("index.js", result.code).code).to.equal(result.code);
  });

  it("reports start() and server once each, with createServer in the hint", () => {
    const result = migrateSource("index.js", ENTRY);
    const reported = result.problems.filter((p) => /its own HTTP server/.test(p.message));
    expect(reported.map((p) => [p.line, p.message.split(":")[0]])).to.deep.equal([
      [5, "reads probot.start()"],
      [6, "reads probot.server (its Express app)"],
    ]);
    expect(reported[0]?.hint).to.include("createServer({ app: probot })");
  });

  it("reports Probot 10's static Probot.run(appFn), under the name it was imported as", () => {
    const result = migrateSource(
      "server.mjs",
      'import { Probot as P } from "probot";\nimport app from "./index.js";\nP.run(app);\n',
    );
    const problem = result.problems.find((p) => p.message.includes("Probot.run"));
    expect(problem?.line).to.equal(3);
    expect(problem?.hint).to.include('import { run } from "gh-app-kit"');
  });

  it("reports bunyan's level() on the logger it renames, and not a read of pino's level", () => {
    const code = [
      "const { Probot } = require('probot')",
      "const probot = new Probot({})",
      "probot.logger.level('fatal')",
      "module.exports = probot.logger.level",
      "",
    ].join("\n");
    const result = migrateSource("test/setup.js", code);
    expect(result.code).to.include("probot.log.level('fatal')");
    const reported = result.problems.filter((p) => p.message.includes("level()"));
    expect(reported.map((p) => p.line)).to.deep.equal([3]);
    expect(reported[0]?.hint).to.include('probot.log.level = "fatal"');
  });

  // wip/app on Probot 10 (tap 14): `beforeEach(function () { this.probot = new Probot({...});
  // this.probot.logger.info = simple.mock(); ... })`, then `t.is(this.probot.logger.info.lastCall.arg, ...)`.
  // The Probot is held in a member of the test's context (mocha's and tap's `this`, ava's `t.context`).
  it("renames logger on a Probot held in a member (this.probot, t.context.probot), and the test's double is what the app logs through", async () => {
    const code = [
      "const { Probot } = require('probot')",
      "const setup = function () {",
      "  this.probot = new Probot({ githubToken: 'test' })",
      "  this.probot.logger.info = (message) => this.logged.push(message)",
      "  this.probot.load(({ app }) => app.log.info('loaded'))",
      "}",
      "const ava = (t) => {",
      "  t.context.probot = new Probot({ githubToken: 'test' })",
      "  t.context.probot.logger.child = () => t.context.probot.logger",
      "}",
      "module.exports = { setup, ava }",
      "",
    ].join("\n");
    const result = migrateSource("test/integration/installation-test.js", code);
    const lines = result.code.split("\n");
    expect(lines[3]).to.equal("  this.probot.log.info = (message) => this.logged.push(message)");
    expect(lines[8]).to.equal("  t.context.probot.log.child = () => t.context.probot.log");
    expect(result.changes.map((c) => c.text)).to.include.members([
      "Probot 7 to 9's this.probot.logger → this.probot.log",
      "Probot 7 to 9's t.context.probot.logger → t.context.probot.log",
    ]);
    const module = { exports: undefined as unknown };
    new Function("require", "module", result.code)(
      (name: string) => (name === "gh-app-kit" ? framework : undefined),
      module,
    );
    const { setup } = module.exports as { setup: (this: { logged: string[] }) => void };
    const context = { logged: [] as string[] };
    setup.call(context);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(context.logged).to.deep.equal(["loaded"]);
    expect(migrateSource("test/integration/installation-test.js", result.code).code).to.equal(result.code);
  });

  it("leaves members of objects not made from Probot as they are", () => {
    const code = "const server = makeServer()\nserver.setup([])\nserver.start()\nlogger.setup()\n";
    expect(migrateSource("index.js", `const { Probot } = require('probot')\n${code}`).problems).to.deep.equal([]);
  });
});

// Probot 11 to 14's Server, as Probot's docs ("Run Probot programmatically") and tinacms/markdown-bot
// write it. gh-app-kit has a Server of the same shape now: the names stay, Probot's class is App.
describe("app migrate: Probot 11 to 14's Server", () => {
  const SERVER = [
    'import { Probot, Server, ServerOptions } from "probot";',
    "const options: ServerOptions = {",
    "  webhookProxy: process.env.WEBHOOK_PROXY_URL,",
    "  Probot: Probot.defaults({ appId: process.env.APP_ID, privateKey: key, secret: process.env.WEBHOOK_SECRET }),",
    "};",
    "const server = new Server(options);",
    "server.load(app).then(() => server.start());",
    "",
  ].join("\n");

  it("keeps Server, takes Probot's class as App and its options type as ProbotServerOptions, with nothing to do by hand", () => {
    const result = migrateSource("src/server.ts", SERVER);
    expect(result.code).to.equal(
      SERVER.replace(
        'import { Probot, Server, ServerOptions } from "probot";',
        'import { App, Server, ProbotServerOptions } from "gh-app-kit";',
      )
        .replace("const options: ServerOptions", "const options: ProbotServerOptions")
        .replace("Probot: Probot.defaults", "Probot: App.defaults"),
    );
    expect(result.problems).to.deep.equal([]);
  });

  it("in a JavaScript ES module, imports Server by name, as it exists", () => {
    const code = "import { Server, Probot } from 'probot';\nexport const server = new Server({ Probot });\n";
    const result = migrateSource("server.mjs", code);
    expect(result.code).to.equal(
      "import { Server, App } from 'gh-app-kit';\nexport const server = new Server({ Probot: App });\n",
    );
    expect(result.problems).to.deep.equal([]);
  });

  it("reports what an app does with expressApp as Express's, which here is a Node request listener", () => {
    const code = [
      "const { Probot, Server } = require('probot')",
      "const server = new Server({ Probot })",
      "server.expressApp.use(express.static('public'))",
      "module.exports = server.expressApp",
      "",
    ].join("\n");
    const result = migrateSource("index.js", code);
    expect(result.problems.map((problem) => [problem.line, problem.message])).to.deep.equal([
      [
        3,
        "calls server.expressApp.use(), Express's: Probot's Server's expressApp was an Express app; gh-app-kit's is a Node request listener",
      ],
    ]);
    expect(result.problems[0]?.hint).to.include("server.router(path)");
  });
});
