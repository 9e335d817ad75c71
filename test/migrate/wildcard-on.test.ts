import { expect } from "chai";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateSource } from "../../src/migrate/migrate-source.js";
import { migrateAndRun } from "../helpers/migrate-and-run.js";

/**
 * Probot 6 to 10 ran a handler given for "*" on every event (`robot.on("*", ...)`); Probot 11 to 14 and
 * gh-app-kit refuse the name and take such a handler with `onAny`. [what it shows, file, before, after].
 */
const REWRITTEN: ReadonlyArray<[string, string, string, string]> = [
  [
    "a Probot 7 app function's robot, the name in a template (tommilligan/prowl-github-app)",
    "src/index.js",
    "module.exports = robot => {\n  robot.on(`*`, async context => {\n    context.log(`event: ${context.event}`)\n  })\n}\n",
    "module.exports = robot => {\n  robot.onAny(async context => {\n    context.log(`event: ${context.event}`)\n  })\n}\n",
  ],
  [
    "an app's handler given by name",
    "index.js",
    'module.exports = (app) => {\n  app.on("*", logEvent);\n};\n',
    "module.exports = (app) => {\n  app.onAny(logEvent);\n};\n",
  ],
  [
    "a test's probot, in TypeScript",
    "test/index.test.ts",
    "probot.on('*', async (context: any) => { seen.push(context.name) })\n",
    "probot.onAny(async (context: any) => { seen.push(context.name) })\n",
  ],
  [
    "the app held by a class",
    "lib/bot.js",
    'class Bot {\n  start() {\n    this.app.on("*", (context) => this.count(context));\n  }\n}\n',
    "class Bot {\n  start() {\n    this.app.onAny((context) => this.count(context));\n  }\n}\n",
  ],
];

describe('app migrate: a handler for every event, app.on("*") of Probot 6 to 10', () => {
  for (const [title, file, before, after] of REWRITTEN) {
    it(`writes onAny for ${title}`, () => {
      const result = migrateSource(file, before);
      expect(result.problems.filter((p) => p.message.includes('"*"'))).to.deep.equal([]);
      expect(result.code).to.equal(after);
      expect(result.changes.map((change) => change.text).join("\n")).to.include('on("*", handler) → onAny(handler)');
      // A second run changes nothing.
      expect(migrateSource(file, result.code).code).to.equal(result.code);
    });
  }

  it('reports "*" among other names, and leaves the call', () => {
    const code = 'module.exports = (app) => {\n  app.on(["*", "issues.opened"], handle);\n};\n';
    const result = migrateSource("index.js", code);
    expect(result.code).to.equal(code);
    const problem = result.problems.find((p) => p.message.includes('"*"'));
    expect(problem?.line).to.equal(2);
    expect(problem?.hint).to.include("onAny");
  });

  it('reports on("*") of an object it does not know for the app, and leaves it', () => {
    const code = '// Events of the Probot app, counted.\nemitter.on("*", (name) => seen.push(name));\n';
    const result = migrateSource("lib/events.js", code);
    expect(result.code).to.equal(code);
    const problem = result.problems.find((p) => p.message.includes('on("*"'));
    expect(problem?.line).to.equal(2);
    expect(problem?.hint).to.include("onAny");
  });

  // @octokit/webhooks 6 and earlier (Probot 7 to 9) emitted "error"; today's webhooks refuse the name at load.
  it('writes onError for the webhooks\' "error" event (Probot 7 to 9\'s probot.webhook too), and leaves the app\'s on("error")', () => {
    const code = [
      "const { createProbot } = require('probot')",
      "const probot = createProbot({})",
      "probot.webhook.on('error', (error) => probot.logger.error(error))",
      "app.webhooks.on(`error`, onError)",
      "app.on('error', onError)",
      "server.on('error', (error) => console.error(error))",
      "",
    ].join("\n");
    const result = migrateSource("index.js", code);
    expect(result.code.split("\n").slice(2, 5)).to.deep.equal([
      "probot.webhooks.onError((error) => probot.log.error(error))",
      "app.webhooks.onError(onError)",
      "app.on('error', onError)",
    ]);
    expect(result.problems.filter((p) => p.message.includes('on("error"')).map((p) => p.line)).to.deep.equal([5]);
    const rewritten = result.changes.filter((c) => c.text.includes("onError(handler)"));
    expect(rewritten.map((c) => c.line)).to.deep.equal([3, 4]);
    expect(migrateSource("index.js", result.code).code).to.equal(result.code);
  });

  it("leaves on() with another name, and onAny()", () => {
    const code = 'module.exports = (app) => {\n  app.on("issues", a);\n  app.onAny(b);\n};\n';
    const result = migrateSource("index.js", code);
    expect(result.code).to.equal(code);
    expect(result.problems.filter((p) => p.message.includes('"*"'))).to.deep.equal([]);
  });
});

describe("app migrate: a Probot 10 app that listens to every event runs after migrate", function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-wildcard-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("runs the handler for each event, as Probot 10 did", async () => {
    const output = await migrateAndRun(
      dir,
      "^10.19.0",
      `const { Probot } = require("probot");
(async () => {
  const probot = new Probot({ githubToken: "test" });
  const seen = [];
  probot.load((app) => {
    app.on("*", async (context) => { seen.push(context.name); });
  });
  await probot.receive({ id: "1", name: "push", payload: { ref: "refs/heads/main" } });
  await probot.receive({ id: "2", name: "issues", payload: { action: "opened" } });
  console.log(JSON.stringify({ seen }));
})().catch((error) => { console.log(JSON.stringify({ error: error.message })); });
`,
    );
    expect(JSON.parse(output.trim().split("\n").pop()!)).to.deep.equal({ seen: ["push", "issues"] });
  });
});
