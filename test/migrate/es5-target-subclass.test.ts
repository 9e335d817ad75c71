import { expect } from "chai";
import { rm } from "node:fs/promises";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { writeAppFiles } from "../helpers/app-files.js";

// Probot 9 shipped ES5 output: a TypeScript app compiled to ES5 could subclass its Context
// (`super(...)` becomes `Context.call(this, ...)`). The framework's classes are ES2015 classes:
// that call throws "Class constructor Context cannot be invoked without 'new'"
// (lswith/probot-require-label's FakeContext, its tsconfig.json at "target": "es5").
const manifest = JSON.stringify({ name: "x", dependencies: { probot: "^9.13.0" } }, null, 2) + "\n";
const fake = [
  'import { Context } from "probot";',
  "",
  "export class FakeContext extends Context<any> {",
  "  constructor(payload: any, github: any) {",
  "    super(payload, github, {} as any);",
  "  }",
  "}",
  "",
].join("\n");

async function problemsOf(files: Record<string, string>, file: string): Promise<Array<[number | undefined, string]>> {
  const dir = await writeAppFiles("app-migrate-es5-subclass", files);
  try {
    const report = await migrateApp({ directory: dir, framework: "^1.0.0", dryRun: true });
    const problems = report.files.find((f) => f.file === file)?.problems ?? [];
    return problems.filter((p) => p.message.includes("ES5")).map((p) => [p.line, `${p.message} | ${p.hint}`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("app migrate: a class extending the framework's, compiled to ES5", () => {
  it("reports the subclass when tsconfig.json's target is es5", async () => {
    const problems = await problemsOf(
      {
        "package.json": manifest,
        "tsconfig.json": '{\n  // ES5 output\n  "compilerOptions": { "target": "ES5", "module": "commonjs" },\n}\n',
        "src/fakecontext.ts": fake,
      },
      "src/fakecontext.ts",
    );
    expect(problems).to.have.length(1);
    expect(problems[0]?.[0]).to.equal(3);
    expect(problems[0]?.[1]).to.include("FakeContext extends Context").and.include('"target": "ES5"');
    expect(problems[0]?.[1]).to.include("es2015");
  });

  // opencollective/opencollective-bot: its tsconfig.json sets no target, and ts-jest compiled its
  // tests' MockContext (extends probot.Context) with TypeScript's default, ES3.
  it("reports it when tsconfig.json sets no target (TypeScript's default is ES3, ES5 since TypeScript 5)", async () => {
    const problems = await problemsOf(
      {
        "package.json": manifest,
        "tsconfig.json": '{ "compilerOptions": { "strict": true } }\n',
        "tests/config.test.ts": [
          "import * as probot from 'probot'",
          "class MockContext extends probot.Context<any> {}",
          "",
        ].join("\n"),
      },
      "tests/config.test.ts",
    );
    expect(problems).to.have.length(1);
    expect(problems[0]?.[0]).to.equal(2);
    expect(problems[0]?.[1]).to.include("MockContext extends probot.Context").and.include('sets no "target"');
    expect(problems[0]?.[1]).to.include("es2015");
    // One that extends another tsconfig may get its target there: nothing is said.
    const extended = await problemsOf(
      {
        "package.json": manifest,
        "tsconfig.json": '{ "extends": "./base.json", "compilerOptions": {} }\n',
        "src/fakecontext.ts": fake,
      },
      "src/fakecontext.ts",
    );
    expect(extended).to.deep.equal([]);
  });

  it("says nothing where the target is ES2015 or later, or the file is JavaScript", async () => {
    const later = await problemsOf(
      {
        "package.json": manifest,
        "tsconfig.json": '{ "compilerOptions": { "target": "es2017" } }\n',
        "src/fakecontext.ts": fake,
      },
      "src/fakecontext.ts",
    );
    expect(later).to.deep.equal([]);
    const javascript = await problemsOf(
      {
        "package.json": manifest,
        "tsconfig.json": '{ "compilerOptions": { "target": "es5" } }\n',
        "src/fakecontext.js": 'const { Context } = require("probot");\nclass FakeContext extends Context {}\n',
      },
      "src/fakecontext.js",
    );
    expect(javascript).to.deep.equal([]);
  });
});
