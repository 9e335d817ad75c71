import { expect } from "chai";
import { rm } from "node:fs/promises";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

const MANIFEST = JSON.stringify({ name: "app", type: "module", dependencies: { probot: "^14.2.1" } });

/**
 * An app function in Probot's shape declared in one file and handed to a loader in another, under
 * the name it was imported or required by (a Vercel entry's `createNodeMiddleware(appFunction, ...)`,
 * a server's `probot.load(app)`): it warns as deprecated when loaded, so the report lists it, in the
 * file that declares it, as it lists one handed to a loader in its own file.
 */
describe("app migrate: app functions handed to a loader from another file", () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("lists each one where it is declared: a named import, a default import, a require", async () => {
    dir = await writeAppFiles("app-migrate-fn-imports", {
      "package.json": MANIFEST,
      "index.js": [
        "export const appFunction = (app, { addHandler }) => {",
        '  app.on("issues", async () => {});',
        "  addHandler(() => false);",
        "};",
        "export const notLoaded = (app, { addHandler }) => {};",
        "",
      ].join("\n"),
      "api/github/webhooks.js": [
        'import { createNodeMiddleware, createProbot } from "probot";',
        'import { appFunction } from "../../index.js";',
        "export default await createNodeMiddleware(appFunction, { probot: createProbot() });",
        "",
      ].join("\n"),
      "lib/second.cjs": "module.exports.second = (robot, options) => {};\n",
      "lib/third.js": "export default function (robot, options) {}\n",
      "server.cjs": [
        'const { run } = require("probot");',
        'const { second } = require("./lib/second.cjs");',
        "run([second]);",
        "",
      ].join("\n"),
      "main.js": ['import { run } from "probot";', 'import third from "./lib/third.js";', "run(third);", ""].join("\n"),
    });
    const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    const listed = report.files.flatMap((f) =>
      f.problems
        .filter((p) => p.message.startsWith("the app function takes"))
        .map((p) => `${f.file.split("\\").join("/")}:${p.line} ${p.message.split(",")[0]}`),
    );
    expect(listed).to.have.members([
      "index.js:1 the app function takes (app",
      "lib/second.cjs:1 the app function takes (robot",
      "lib/third.js:1 the app function takes (robot",
    ]);
  });
});
