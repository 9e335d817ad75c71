import { expect } from "chai";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";

/**
 * Probot 11 and 12's `createNodeMiddleware(appFn, { probot })` took deliveries at `/` when no
 * `webhooksPath` was given (Probot 13 and 14: `/api/github/webhooks`, as here). An app mounted
 * under a path of its own (`expressApp.use("/github", middleware)`) or serving it at its root
 * kept getting its deliveries only if the migration says `webhookPath: "/"`.
 */
async function migrated(probot: string, source: string): Promise<{ code: string; report: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), "migrate-middleware-path-"));
  try {
    await writeFile(join(dir, "package.json"), JSON.stringify({ name: "app", dependencies: { probot } }));
    await writeFile(join(dir, "server.js"), source);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const entry = report.files.find((file) => file.file === "server.js");
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.diff, "a second run changes nothing").to.equal("");
    return {
      code: await readFile(join(dir, "server.js"), "utf8"),
      report: [
        ...(entry?.changes.map((change) => change.text) ?? []),
        ...(entry?.problems.map((problem) => problem.message) ?? []),
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const HEAD = 'const { createNodeMiddleware, Probot } = require("probot");\nconst probot = new Probot({});\n';

describe("app migrate: createNodeMiddleware's default path of Probot 11 and 12", () => {
  it('says webhookPath: "/" where a Probot 12 app gave no webhooksPath', async () => {
    const { code, report } = await migrated(
      "^12.3.0",
      `${HEAD}module.exports = createNodeMiddleware(require("./app"), { probot });\n`,
    );
    expect(code).to.equal(
      'const { createNodeMiddleware, App } = require("gh-app-kit");\nconst probot = new App({});\n' +
        'module.exports = createNodeMiddleware(require("./app"), { app: probot, webhookPath: "/" });\n',
    );
    expect(report).to.include('createNodeMiddleware: webhookPath "/", Probot 11 and 12\'s default path');
  });

  it("the options written on several lines, and declared beforehand", async () => {
    const { code } = await migrated(
      "~11.0.0",
      `${HEAD}const options = {\n  probot,\n};\nmodule.exports = createNodeMiddleware(require("./app"), options);\n`,
    );
    expect(code).to.include('const options = {\n  app: probot,\n  webhookPath: "/",\n};\n');
  });

  it("leaves a webhooksPath the app gave, and Probot 13's default, as they are", async () => {
    const given = await migrated(
      "^12.0.0",
      `${HEAD}module.exports = createNodeMiddleware(require("./app"), { probot, webhooksPath: "/hooks" });\n`,
    );
    expect(given.code).to.include('{ app: probot, webhookPath: "/hooks" }');
    const thirteen = await migrated(
      "^13.0.0",
      `${HEAD}module.exports = createNodeMiddleware(require("./app"), { probot });\n`,
    );
    expect(thirteen.code).to.include('createNodeMiddleware(require("./app"), { app: probot });');
  });

  it("reports the options it cannot see", async () => {
    const { code, report } = await migrated(
      "^12.3.0",
      `${HEAD}module.exports = (options) => createNodeMiddleware(require("./app"), { ...options, probot });\n`,
    );
    expect(code).to.include("{ ...options, app: probot }");
    expect(report.some((line) => /createNodeMiddleware took deliveries at \/ on Probot 11 and 12/.test(line))).to.equal(
      true,
    );
  });

  it('says webhookPath: "/" in the options of a Probot 12 Server that gave none (HF)', async () => {
    // Probot 11 and 12's Server took deliveries at / too (`webhookPath: options.webhookPath || "/"`).
    const source =
      'const { Probot, Server } = require("probot");\n' +
      "const server = new Server({ Probot: Probot.defaults({ appId: 1 }) });\nmodule.exports = server;\n";
    const { code, report } = await migrated("^12.4.0", source);
    expect(code).to.equal(
      'const { App, Server } = require("gh-app-kit");\n' +
        'const server = new Server({ Probot: App.defaults({ appId: 1 }), webhookPath: "/" });\nmodule.exports = server;\n',
    );
    expect(report).to.include('Server: webhookPath "/", Probot 11 and 12\'s default path');
    const thirteen = await migrated("^13.0.0", source);
    expect(thirteen.code).to.include("new Server({ Probot: App.defaults({ appId: 1 }) });");
    const given = await migrated("^12.4.0", source.replace("}) });", '}), webhookPath: "/hooks" });'));
    expect(given.code).to.include('webhookPath: "/hooks" });');
  });
});

describe("app migrate: run() of Probot 7 to 12, which took deliveries at / (IH)", () => {
  // Probot 7 to 12's run(appFn) started its Server with `webhookPath: env.WEBHOOK_PATH`, so `/`
  // unless the variable was set; gh-app-kit's run() serves /api/github/webhooks. An app started
  // by `node lib/index.js` (peribolos-as-a-service) lost every delivery sent to its root.
  const message = /^run\(\) took deliveries at \/ before Probot 13 when WEBHOOK_PATH was not set/;

  it("reports run(app) imported by name, in an ES module or TypeScript file", async () => {
    const source = 'import { run } from "probot";\nimport app from "./app";\n\nrun(app);\n';
    const { code, report } = await migrated("12.3.3", source);
    expect(code).to.equal(source.replace('"probot"', '"gh-app-kit"'));
    expect(report.filter((line) => message.test(line))).to.have.length(1);
    const thirteen = await migrated("^13.0.0", source);
    expect(thirteen.report.filter((line) => message.test(line))).to.deep.equal([]);
  });

  it("reports require's run and the module's member, on Probot 7 to 11 too", async () => {
    const named = await migrated("^11.0.1", 'const { run } = require("probot");\nrun(require("./app"));\n');
    expect(named.report.filter((line) => message.test(line))).to.have.length(1);
    const member = await migrated(
      "^7.5.0",
      'const probot = require("probot");\nprobot.run(["node", "probot", "./app.js"]);\n',
    );
    expect(member.report.filter((line) => message.test(line))).to.have.length(1);
  });

  it("leaves the Actions adapter's run(), which serves nothing, unreported", async () => {
    const { report } = await migrated(
      "^12.0.0",
      'const { run } = require("@probot/adapter-github-actions");\nrun(require("./app"));\n',
    );
    expect(report.filter((line) => message.test(line))).to.deep.equal([]);
  });
});
