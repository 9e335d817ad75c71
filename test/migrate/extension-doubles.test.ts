import { expect } from "chai";
import { readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

// As zeke/semantic-pull-requests: its handler reads its settings through probot-config, an
// extension installed from npm (not migrated), which reads `context.github`; the tests hand the
// handler a context built by hand. Renamed to `{ client }` alone, the double lost the name the
// extension reads: `Cannot read properties of undefined (reading 'repos')`.
const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "my-app", dependencies: { probot: "^7.5.3", "probot-config": "^1.0.0" } }),
  "node_modules/probot-config/package.json": JSON.stringify({ name: "probot-config", main: "index.js" }),
  "node_modules/probot-config/index.js":
    "module.exports = async (context) => (await context.github.repos.getContent({ path: 'x.yml' })).data\n",
  "lib/handler.js": [
    "const getConfig = require('probot-config')",
    "module.exports = async (context) => {",
    "  const config = await getConfig(context)",
    "  return context.github.repos.createStatus(context.repo({ state: config.state }))",
    "}",
    "",
  ].join("\n"),
  "test/handler.test.js": [
    "const handler = require('../lib/handler')",
    "const github = {",
    "  repos: {",
    "    getContent: async () => ({ data: { state: 'success' } }),",
    "    createStatus: async (params) => params",
    "  }",
    "}",
    "function buildContext (overrides) {",
    "  const defaults = {",
    "    // an instantiated GitHub client like the one probot provides",
    "    github: github,",
    "    repo: (o = {}) => Object.assign({ owner: 'sally', repo: 'x' }, o),",
    "    payload: { pull_request: { number: 1 } }",
    "  }",
    "  return Object.assign({}, defaults, overrides)",
    "}",
    "const shorthand = () => ({ github, repo: (o) => o, payload: {} })",
    "module.exports = { run: () => handler(buildContext()), shorthand }",
    "",
  ].join("\n"),
};

describe("app migrate: a context double handed to an installed Probot extension", () => {
  let dir: string;
  before(async () => {
    dir = await writeAppFiles("app-migrate-extension", FILES);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("keeps the name the extension reads, beside client, and both reach the same client", async () => {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = report.files.find((f) => f.file === "test/handler.test.js");
    expect(written?.changes.map((c) => c.text)).to.deep.equal([
      "context double { github } → { client } (and a getter github, for Probot extensions)",
      "context double { github } → { client } (and a getter github, for Probot extensions)",
    ]);
    expect(await readFile(join(dir, "lib/handler.js"), "utf8")).to.include("context.client.repos.createStatus");
    const migrated = createRequire(join(dir, "test", "x.js"))("./handler.test.js") as {
      run: () => Promise<unknown>;
      shorthand: () => Record<string, unknown>;
    };
    expect(await migrated.run()).to.deep.equal({ owner: "sally", repo: "x", state: "success" });
    const double = migrated.shorthand();
    expect(double.client).to.be.an("object");
    expect(double.github).to.equal(double.client);
    // A second run finds nothing more to do.
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.files.map((f) => f.file)).to.not.include("test/handler.test.js");
  });
});
