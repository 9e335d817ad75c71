import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/** [what it shows, file name, source, lines of the app functions reported]. */
const CASES: ReadonlyArray<[string, string, string, number[]]> = [
  [
    "(app, { getRouter }) as module.exports",
    "index.js",
    'module.exports = (app, { getRouter }) => {\n  getRouter("/x").get("/", () => {});\n  app.onAny(() => {});\n};\n',
    [1],
  ],
  [
    "(robot) as export default, a named function, and export =",
    "index.ts",
    'import { Probot } from "probot";\nexport default function bot(robot: Probot) {\n  robot.on("issues", () => {});\n}\n',
    [2],
  ],
  [
    "export = of a const declared above",
    "index.cts",
    'const appFn = (app: any) => {\n  app.log.info("loaded");\n  app.on("issues", f);\n};\nexport = appFn;\n',
    [1],
  ],
  [
    "functions given to run(), createProbot().load(), probot.load() and createNodeMiddleware()",
    "server.js",
    'const { run, createProbot, createNodeMiddleware } = require("probot");\nrun((app) => app.on("push", f));\ncreateProbot().load(function (app, options) {});\nfunction plugin(app) { app.on("issues", f); }\nprobot.load(plugin);\ncreateNodeMiddleware((app) => { app.on("x", f); }, {});\nrun([(app) => app.on("y", f)]);\n',
    [2, 3, 4, 6, 7],
  ],
  [
    "a webhook handler exported from its own file reads context.log, as an app reads app.log: no app function",
    "lib/handle-create-event.js",
    'module.exports = handleCreateEvent;\n/** @param {import(\"probot\").Context} context */\nasync function handleCreateEvent(context) {\n  await context.config("x.yml");\n  context.log.debug("x");\n}\n',
    [],
  ],
  [
    "the current shape, helpers and other exported functions are left alone",
    "index.js",
    'module.exports = ({ app, getRouter }) => { app.on("issues", f); };\nmodule.exports.helper = (app) => app.on("x", f);\nexports.other = (server) => server.on("listening", f);\nprobot.load(myImportedApp);\n',
    [],
  ],
  [
    // As probot/commands (probot-commands): an extension the app calls as commands(app, "label", fn).
    "an extension's export that takes the app and more (robot, name, callback): no app function",
    "index.js",
    "module.exports = (robot, name, callback) => {\n  robot.on(['issue_comment.created'], (c) => callback(c, name));\n};\n",
    [],
  ],
];

describe("migrateSource: app functions in Probot's shape", () => {
  for (const [what, file, input, lines] of CASES) {
    it(what, () => {
      const result = migrateSource(file, input);
      const reported = result.problems.filter((p) => p.message.startsWith("the app function takes"));
      expect(reported.map((p) => p.line)).to.deep.equal(lines);
      for (const problem of reported) expect(problem.hint).to.match(/\(\{ app(: \w+)?, getRouter \}\) => \{ \.\.\. \}/);
    });
  }

  it("shows the function's own parameters", () => {
    const [problem] = migrateSource(
      "index.js",
      'module.exports = (robot, { getRouter }) => robot.on("issues", f);\n',
    ).problems;
    expect(problem?.message).to.include("takes (robot, { getRouter })");
  });

  it("names the app's own parameter in the shape it suggests", () => {
    const [problem] = migrateSource("index.js", 'module.exports = (robot) => robot.on("issues", f);\n').problems;
    expect(problem?.message).to.include("takes (robot)");
    expect(problem?.hint).to.include("({ app: robot, getRouter }) => { ... }");
  });

  it("keeps parameters after the second in their places in the shape it suggests", () => {
    // As github/safe-settings: `(robot, { getRouter }, Settings = require('./lib/settings'))`, whose tests pass a
    // Settings double third. The loader passes its options second, as Probot does: moved up to second, the
    // default would be replaced by those options.
    const source =
      "module.exports = (robot, { getRouter }, Settings = require('./lib/settings'), ...more) => {\n  robot.on('push', f);\n};\n";
    const [problem] = migrateSource("index.js", source).problems;
    expect(problem?.message).to.include("takes (robot, { getRouter }, Settings = ..., ...more)");
    expect(problem?.hint).to.include("({ app: robot, getRouter }, _options, Settings = ..., ...more) => { ... }");
    expect(problem?.hint).to.include("Settings and more keep their places");
  });
});

describe("app migrate: an app function that types getRouter's router as Express's (IM)", () => {
  // As operate-first/peribolos-as-a-service: `(app: Probot, { getRouter }: { getRouter?: (path?: string) => Router })`
  // with Router from express. The router runs its Express handlers on a Node server, but its type is
  // Hono's: tsc refused `run(app)` after the migration, and the report had not said why.
  const SOURCE = [
    'import { Probot } from "probot";',
    'import { Router } from "express";',
    "export default (",
    "  app: Probot,",
    "  { getRouter }: { getRouter?: ((path?: string | undefined) => Router) | undefined }",
    ") => {",
    "  const router = getRouter!();",
    "  router.get('/healthz', (_, response) => response.status(200).send('OK'));",
    "  app.on('issues', async () => {});",
    "};",
    "",
  ].join("\n");
  const message = /types getRouter's router as Express's Router/;

  it("reports it once, on the parameter", () => {
    const migrated = migrateSource("src/app.ts", SOURCE);
    const problems = migrated.problems.filter((p) => message.test(p.message));
    expect(problems.map((p) => p.line)).to.deep.equal([5]);
    expect(problems[0]?.hint).to.include("getRouter() as unknown as Router");
  });

  it("reports express.Router through a namespace import too, and leaves a router typed otherwise", () => {
    const namespaced = SOURCE.replace(
      'import { Router } from "express";',
      'import * as express from "express";',
    ).replace("=> Router)", "=> express.Router)");
    expect(migrateSource("src/app.ts", namespaced).problems.filter((p) => message.test(p.message))).to.have.length(1);
    const own = SOURCE.replace('import { Router } from "express";', "type Router = { get(...a: unknown[]): void };");
    expect(migrateSource("src/app.ts", own).problems.filter((p) => message.test(p.message))).to.deep.equal([]);
  });
});
