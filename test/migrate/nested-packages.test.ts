import { expect } from "chai";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

/**
 * A function deployed from a folder of its own (Architect's `src/http/<route>`, Firebase's
 * `functions/`, a workspace's package) installs that folder's package.json, not the app's: once
 * its files import gh-app-kit, that package.json must declare it in probot's place, and its lock
 * must no longer place probot.
 */
const FILES = {
  "package.json": json({ name: "app", dependencies: { probot: "^11.0.5" }, devDependencies: { nock: "^13.0.0" } }),
  "src/http/post-api-github-webhooks/package.json": json({
    name: "http-post-api-github-webhooks",
    dependencies: { "@architect/functions": "^3.13.9", probot: "^11.0.6" },
  }),
  "src/http/post-api-github-webhooks/package-lock.json": json({
    lockfileVersion: 3,
    packages: {
      "": { dependencies: { "@architect/functions": "^3.13.9", probot: "^11.0.6" } },
      "node_modules/@architect/functions": { version: "3.13.9" },
      "node_modules/probot": { version: "11.0.6", dependencies: { pino: "^6.7.0" } },
      "node_modules/pino": { version: "6.14.0" },
    },
  }),
  "src/http/post-api-github-webhooks/index.js":
    'const { createProbot } = require("probot");\nmodule.exports = createProbot();\n',
  "functions/package.json": json({
    name: "fn",
    scripts: { start: "probot run ./app.js" },
    dependencies: { probot: "^12.0.0" },
  }),
  "functions/app.js": "module.exports = (app) => app.log.info('hi');\n",
  // Not a package that installs probot: left as they are.
  "esm/package.json": json({ type: "module" }),
  "node_modules/some-dep/package.json": json({ name: "some-dep", dependencies: { probot: "^12.0.0" } }),
};

describe("app migrate: package.json files of folders inside the app", () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("moves each one that declares probot, with its scripts and its lock", async () => {
    dir = await writeAppFiles("app-migrate-nested", FILES);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const read = async (file: string) => JSON.parse(await readFile(join(dir, file), "utf8")) as Record<string, never>;

    const route = await read("src/http/post-api-github-webhooks/package.json");
    expect(route["dependencies"]).to.deep.equal({ "@architect/functions": "^3.13.9", "gh-app-kit": "^1.0.0" });
    const lock = await read("src/http/post-api-github-webhooks/package-lock.json");
    expect(Object.keys(lock["packages"])).to.deep.equal(["", "node_modules/@architect/functions"]);
    const functions = await read("functions/package.json");
    expect(functions["dependencies"]).to.deep.equal({ "gh-app-kit": "^1.0.0" });
    expect(functions["scripts"]).to.deep.equal({ start: "app run ./app.js" });
    expect(await readFile(join(dir, "esm/package.json"), "utf8")).to.equal(FILES["esm/package.json"]);
    expect(await readFile(join(dir, "node_modules/some-dep/package.json"), "utf8")).to.equal(
      FILES["node_modules/some-dep/package.json"],
    );

    const files = report.files.map((f) => f.file.split("\\").join("/"));
    expect(files).to.include.members([
      "src/http/post-api-github-webhooks/package.json",
      "src/http/post-api-github-webhooks/package-lock.json",
      "functions/package.json",
    ]);
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.diff).to.equal("");
  });

  it("reports a nested package's probot run on Probot 7 to 12, which took deliveries at /, as the app's own", async () => {
    dir = await writeAppFiles("app-migrate-nested-root", FILES);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    const problems = (file: string) =>
      report.files.find((f) => f.file.split("\\").join("/") === file)?.problems.map((p) => p.message) ?? [];
    expect(problems("functions/package.json")).to.include(
      "script start: probot run took deliveries at / before Probot 13 when WEBHOOK_PATH was not set; app run takes them at /api/github/webhooks",
    );
  });

  it("says nothing of it for a nested package on Probot 13", async () => {
    const files = {
      ...FILES,
      "functions/package.json": json({
        name: "fn",
        scripts: { start: "probot run ./app.js" },
        dependencies: { probot: "^13.0.0" },
      }),
    };
    dir = await writeAppFiles("app-migrate-nested-13", files);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    const nested = report.files.find((f) => f.file.split("\\").join("/") === "functions/package.json");
    expect(nested?.problems.filter((p) => p.message.includes("took deliveries at /"))).to.deep.equal([]);
  });

  it("gives a relative file: framework from each package's own folder", async () => {
    dir = await writeAppFiles("app-migrate-nested-file", FILES);
    await migrateApp({ directory: dir, framework: "file:../gh-app-kit" });
    const route = JSON.parse(await readFile(join(dir, "src/http/post-api-github-webhooks/package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(route.dependencies["gh-app-kit"]).to.equal("file:../../../../gh-app-kit");
    const root = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(root.dependencies["gh-app-kit"]).to.equal("file:../gh-app-kit");
  });
});
