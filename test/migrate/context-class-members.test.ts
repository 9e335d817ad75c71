import { expect } from "chai";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { appTypeErrors } from "../helpers/app-type-errors.js";
import { writeAppFiles } from "../helpers/app-files.js";

// A TypeScript app's class may keep the whole event context in a member of its own name, typed with
// the context's type: a private field behind a getter (`#ghContext: Context<T>` and
// `get ghContext(): Context<T>`), a property, or a constructor's parameter property. Its
// `this.ghContext.octokit` is the context's client as surely as `context.octokit` is; left as it
// is, the migrated app reads `undefined` there (TypeError: Cannot read properties of undefined).
const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "my-app", dependencies: { probot: "^13.4.5" } }),
  "src/strategy.ts": [
    'import { Context } from "probot";',
    "",
    'export abstract class Strategy<T extends "issues.opened" | "issues.closed"> {',
    "  #ghContext: Context<T>;",
    "  constructor(ghContext: Context<T>) {",
    "    this.#ghContext = ghContext;",
    "  }",
    "  get ghContext(): Context<T> {",
    "    return this.#ghContext;",
    "  }",
    "  async respond(body: string): Promise<void> {",
    "    await this.ghContext.octokit.issues.createComment(this.ghContext.issue({ body }));",
    '    await this.#ghContext.octokit.issues.addLabels(this.#ghContext.issue({ labels: ["seen"] }));',
    "  }",
    "}",
    "",
    "export class Greeter {",
    '  private readonly event: Context<"issues">;',
    "  private readonly options: { octokit: string };",
    '  constructor(event: Context<"issues">) {',
    "    this.event = event;",
    '    this.options = { octokit: "not a context" };',
    "  }",
    "  greet() {",
    "    return this.event.octokit.issues.createComment(this.event.issue({ body: this.options.octokit }));",
    "  }",
    "}",
    "",
    "export class Closer {",
    '  constructor(private readonly incoming: Context<"issues">) {}',
    "  close() {",
    '    return this.incoming.octokit.issues.update(this.incoming.issue({ state: "closed" as const }));',
    "  }",
    "}",
    "",
  ].join("\n"),
  // A subclass in another file reads the member its base class declares.
  "src/pull-strategy.ts": [
    'import { Strategy } from "./strategy";',
    "",
    'export class PullStrategy extends Strategy<"issues.opened"> {',
    "  list() {",
    "    return this.ghContext.octokit.pulls.list(this.ghContext.repo());",
    "  }",
    "}",
    "",
    "export class Other {",
    "  constructor(private readonly ghContext: { octokit: string }) {}",
    "  read() {",
    "    return this.ghContext.octokit;",
    "  }",
    "}",
    "",
  ].join("\n"),
  "src/index.ts": [
    'import { Probot } from "probot";',
    'import { Greeter, Closer } from "./strategy";',
    "",
    "export default (app: Probot) => {",
    '  app.on("issues.opened", async (context) => {',
    "    await new Greeter(context).greet();",
    "    await new Closer(context).close();",
    "  });",
    "};",
    "",
  ].join("\n"),
};

function typeErrors(dir: string): string[] {
  return appTypeErrors(dir, ["src/index.ts", "src/strategy.ts", "src/pull-strategy.ts"], {
    esModuleInterop: true,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
  });
}

describe("app migrate: a class's member typed as the context", () => {
  let dir: string;
  before(async () => {
    dir = await writeAppFiles("app-migrate-context-members", FILES);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("renames .octokit read off a field, getter or parameter property typed Context", async () => {
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    const source = await readFile(join(dir, "src/strategy.ts"), "utf8");
    expect(source).to.include("await this.ghContext.client.issues.createComment(");
    expect(source).to.include("await this.#ghContext.client.issues.addLabels(");
    expect(source).to.include(
      "return this.event.client.issues.createComment(this.event.issue({ body: this.options.octokit }));",
    );
    expect(source).to.include("return this.incoming.client.issues.update(");
    // A member of another type keeps its `octokit`.
    expect(source).to.include('this.options = { octokit: "not a context" };');

    const sub = await readFile(join(dir, "src/pull-strategy.ts"), "utf8");
    expect(sub).to.include("return this.ghContext.client.pulls.list(this.ghContext.repo());");
    // A member of the same name in a class that does not extend it is not a context.
    expect(sub).to.include("return this.ghContext.octokit;");

    expect(typeErrors(dir)).to.deep.equal([]);

    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.files.filter((file) => file.changes.length > 0)).to.deep.equal([]);
  }).timeout(60_000);
});
