import { expect } from "chai";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { appTypeErrors } from "../helpers/app-type-errors.js";
import { writeAppFiles } from "../helpers/app-files.js";

// Probot's ApplicationFunction is `(app: Probot, options: ApplicationFunctionOptions) => ...`; here
// that shape is DeprecatedApplicationFunction and ApplicationFunction takes `({ app, getRouter })`.
// An app that types its Probot-shaped function with it (advanced-security/probot-security-alerts:
// `export const app: ApplicationFunction = probotApplicationFunction`) no longer compiled (TS2322).
const FILES = {
  "package.json": JSON.stringify({ name: "typed-app", dependencies: { probot: "^13.4.4" } }, null, 2) + "\n",
  "src/app.ts": [
    "import {Probot, ApplicationFunction, ApplicationFunctionOptions} from 'probot';",
    "export const app: ApplicationFunction = probotApplicationFunction;",
    "function probotApplicationFunction(app: Probot, _options: ApplicationFunctionOptions) {",
    "  app.on('issues.opened', async context => {",
    "    await context.octokit.issues.createComment(context.issue({body: 'hi'}));",
    "  });",
    "}",
    "export const other = ((robot) => robot.log.info('loaded')) satisfies ApplicationFunction;",
    "/** @type {import('probot').ApplicationFunction} */",
    "export const inJsDoc = (app: Probot) => app.log.info('x');",
    "",
  ].join("\n"),
  "src/index.ts": [
    "import {run} from 'probot';",
    "import type * as probot from 'probot';",
    "import {app} from './app.js';",
    "export const typed: probot.ApplicationFunction = (robot) => robot.onAny(async () => undefined);",
    "void run(app);",
    "",
  ].join("\n"),
};

/** The compiler's errors for the app's files, its "gh-app-kit" resolved to this checkout's declarations. */
function typeErrors(dir: string): string[] {
  return appTypeErrors(dir, ["src/app.ts", "src/index.ts"], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
}

describe("app migrate: Probot's ApplicationFunction type", function () {
  // The compiler over the app and this checkout's declarations: 13 s alone on a busy 2-core machine.
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await writeAppFiles("app-migrate-application-function", FILES);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("becomes DeprecatedApplicationFunction, Probot's shape here, and the app compiles", async () => {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const app = await readFile(join(dir, "src/app.ts"), "utf8");
    expect(app).to.include(
      "import {App, DeprecatedApplicationFunction, ApplicationFunctionOptions} from 'gh-app-kit';",
    );
    expect(app).to.include("export const app: DeprecatedApplicationFunction = probotApplicationFunction;");
    expect(app).to.include("satisfies DeprecatedApplicationFunction;");
    expect(app).to.include("/** @type {import('gh-app-kit').DeprecatedApplicationFunction} */");
    const index = await readFile(join(dir, "src/index.ts"), "utf8");
    expect(index).to.include("export const typed: probot.DeprecatedApplicationFunction = (robot) =>");
    const changes = report.files.flatMap((f) => f.changes.map((c) => c.text));
    expect(changes.some((text) => text.startsWith("ApplicationFunction → DeprecatedApplicationFunction"))).to.equal(
      true,
    );

    expect(typeErrors(dir)).to.deep.equal([]);
    // A function typed so is an app function in Probot's shape: listed, as one handed to a loader is.
    const shapes = report.files.flatMap((f) =>
      f.problems.filter((p) => p.message.startsWith("the app function takes")).map((p) => `${f.file}:${p.line}`),
    );
    expect(shapes).to.deep.equal(["src/app.ts:3", "src/app.ts:8", "src/index.ts:4"]);
  });
});
