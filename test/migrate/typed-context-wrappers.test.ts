import { expect } from "chai";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { appTypeErrors } from "../helpers/app-type-errors.js";
import { writeAppFiles } from "../helpers/app-files.js";

// A TypeScript app names the client in its types too: a wrapper class declares the member it
// copies the context's client into (`private readonly octokit: X`, then `this.octokit =
// context.octokit`), and the client's type is taken from the Context class
// (`typeof Context.prototype.octokit`). Renaming the uses and not the declarations leaves an app
// that no longer compiles (TS2339, TS6133).
const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "my-app", dependencies: { probot: "^12.2.4" } }),
  "src/types.d.ts": [
    'import { Context } from "probot";',
    "",
    "type Client = typeof Context.prototype.octokit;",
    "",
  ].join("\n"),
  "src/creator.ts": [
    'import { Context } from "probot";',
    'import { Client } from "./types";',
    "",
    "export default class Creator {",
    "  private context: Context;",
    "  private readonly octokit: Client;",
    "  private readonly label: string;",
    "",
    "  constructor(context: Context) {",
    "    this.context = context;",
    "    this.octokit = context.octokit;",
    '    this.label = "haunted";',
    "  }",
    "",
    "  async invoke() {",
    '    this.context.log.info("invoking");',
    "    const { owner, repo } = this.context.repo();",
    "    return this.octokit.issues.create({ owner, repo, title: this.label });",
    "  }",
    "}",
    "",
    "// Probot 10's name of the client, as safe-settings' Settings class holds it.",
    "export class Labeler {",
    "  github?: Client = undefined;",
    "  constructor(context: Context) {",
    "    this.github = context.octokit;",
    "  }",
    "  label() {",
    '    return this.github?.issues.addLabels({ owner: "o", repo: "r", issue_number: 1, labels: ["x"] });',
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/index.ts": [
    'import { Probot } from "probot";',
    'import Creator from "./creator";',
    "",
    "export default (app: Probot) => {",
    '  app.on("issues.opened", async (context) => new Creator(context).invoke());',
    "};",
    "",
  ].join("\n"),
};

/** The compiler's errors for the app's files, its "gh-app-kit" resolved to this checkout's declarations. */
function typeErrors(dir: string): string[] {
  return appTypeErrors(dir, ["src/index.ts", "src/creator.ts", "src/types.d.ts"], {
    noUnusedLocals: true,
    esModuleInterop: true,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  });
}

describe("app migrate: the client's name in a TypeScript app's types", () => {
  let dir: string;
  before(async () => {
    dir = await writeAppFiles("app-migrate-typed-wrapper", FILES);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("renames a wrapper's declared member with its uses, and the client's type taken from Context", async () => {
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    const creator = await readFile(join(dir, "src/creator.ts"), "utf8");
    expect(creator).to.include("private readonly client: Client;");
    expect(creator).to.include("this.client = context.client;");
    expect(creator).to.include("return this.client.issues.create(");
    // Probot 10's name of the client, declared on the wrapper: `this.github` is renamed, so is it.
    expect(creator).to.include("  client?: Client = undefined;");
    expect(creator).to.include("return this.client?.issues.addLabels(");
    // A member that does not hold the client keeps its name.
    expect(creator).to.include("private readonly label: string;");
    const types = await readFile(join(dir, "src/types.d.ts"), "utf8");
    expect(types).to.include("type Client = typeof Context.prototype.client;");

    expect(typeErrors(dir)).to.deep.equal([]);

    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.files.filter((file) => file.changes.length > 0)).to.deep.equal([]);
  }).timeout(60_000);
});
