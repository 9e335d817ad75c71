import { expect } from "chai";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { migrateApp, type MigrationReport } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

// An app function in Probot's shape hands its argument to functions of other modules of the app
// (a scheduler, a route handler's factory), which use it as the app. Those are helpers: they get
// the App itself once the app function has the current shape, and need no change.
const FILES: Record<string, string> = {
  "package.json": JSON.stringify({
    name: "my-app",
    main: "index.js",
    scripts: { start: "probot run ./index.js" },
    dependencies: { probot: "^13.0.0" },
  }),
  "index.js": [
    "const schedule = require('./lib/schedule')",
    "const limits = require('./lib/limits')",
    "module.exports = (robot, { getRouter }) => {",
    "  getRouter().get('/limits/:id', limits(robot))",
    "  schedule(robot, { interval: 1000 })",
    "}",
    "",
  ].join("\n"),
  "lib/schedule.js": [
    "module.exports = (app, options) => {",
    "  app.on('installation.created', async () => {})",
    "  setInterval(() => app.auth(), options.interval)",
    "}",
    "",
  ].join("\n"),
  "lib/limits.js": [
    "module.exports = (probot) => async (req, res) => {",
    "  const client = await probot.auth(req.params.id)",
    "  res.json((await client.rateLimit.get()).data)",
    "}",
    "",
  ].join("\n"),
  // Loaded by a loader of its own, and called by a test: an app function.
  "lib/other-app.js": ["module.exports = (app) => {", "  app.on('push', async () => {})", "}", ""].join("\n"),
  "lib/server.js": ["const { run } = require('probot')", "run(require('./other-app'))", ""].join("\n"),
  "test/schedule.test.js": [
    "const schedule = require('../lib/schedule')",
    "const otherApp = require('../lib/other-app')",
    "const { Probot } = require('probot')",
    "schedule(new Probot({ githubToken: 'test' }), {})",
    "otherApp(new Probot({ githubToken: 'test' }))",
    "",
  ].join("\n"),
};

function appFunctionReports(report: MigrationReport): string[] {
  return report.files.flatMap((file) =>
    file.problems.filter((p) => p.message.startsWith("the app function takes")).map((p) => `${file.file}:${p.line}`),
  );
}

describe("app migrate: helpers the app function hands its argument to", () => {
  let dir: string;
  before(async () => {
    dir = await writeAppFiles("app-migrate-helpers", FILES);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("reports the app functions, not the helpers another module of the app calls with the app", async () => {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    expect(appFunctionReports(report)).to.have.members(["index.js:3", "lib/other-app.js:1"]);
  });

  it("still reports an entry of the app that another module calls directly", async () => {
    await writeFile(
      join(dir, "lib/handler.js"),
      "const appFn = require('../index')\nmodule.exports = (probot) => appFn(probot, {})\n",
    );
    try {
      const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
      expect(appFunctionReports(report)).to.include("index.js:3");
    } finally {
      await rm(join(dir, "lib/handler.js"));
    }
  });
});
