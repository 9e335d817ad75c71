import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";
import { findProbotReExports } from "../../src/migrate/probot-reexports.js";

/**
 * Each input holds the layout or syntax under test before the Probot names, so a
 * replacement made at a shifted offset shows up in the output.
 */
const HANDLER = [
  "module.exports = (app) => {",
  '\tapp.on("issues.opened", async (context) => {',
  '\t\tawait context.octokit.issues.createComment(context.issue({ body: "hi" }));',
  "\t\treturn new Probot({ githubToken: token });",
  "\t});",
  "};",
];
const HEAD = 'const { Probot } = require("probot");';
const js = (...lines: string[]) => [...lines, HEAD, ...HANDLER, ""].join("\n");
const migrated = (text: string) =>
  text
    .replaceAll('"probot"', '"gh-app-kit"')
    .replace("const { Probot }", "const { App }")
    .replace("context.octokit", "context.client")
    .replace("type ApplicationFunction", "type DeprecatedApplicationFunction")
    .replace("new Probot({ githubToken: token })", "new App({ platformToken: token })");

const TS_ONLY = [
  'import type { Context } from "probot";',
  'import { type ApplicationFunction } from "probot";',
  "enum Kind { A = 1, B }",
  "declare const token: string;",
  "declare module 'x' { export const y: number; }",
  "abstract class Base<T extends object = {}> { abstract run(x: T): void; }",
  "const kinds = ['a', 'b'] as const;",
  "const options = { retries: 1 } satisfies Record<string, number>;",
  "function id<T>(x: T): T { return x; }",
  "const cast = <const T,>(x: T) => x!;",
  "let n: Array<Map<string, number>> | undefined;",
];

const CASES: ReadonlyArray<[what: string, file: string, input: string]> = [
  ["tab indentation", "index.js", js()],
  ["mixed tabs and spaces in one indentation", "index.js", js("function f() {", " \t  \treturn 1;", "}")],
  ["CRLF line endings", "index.js", js("// windows", "").replace(/\n/g, "\r\n")],
  ["a byte order mark", "index.js", `\uFEFF${js()}`],
  ["a #! line", "bin/app.js", js("#!/usr/bin/env node", "\t// started by hand")],
  ["form feeds and no-break spaces in the indentation", "index.js", js("\f", "\u00a0\tconst x = 1;")],
  ["JSX in .jsx", "view.jsx", js('\tconst v = <div className="a">\t{x}</div>;')],
  ["JSX in .tsx with generics", "view.tsx", js("\tconst v = <T,>(x: T) => <b>{String(x)}</b>;")],
  ["decorators", "index.ts", js("@sealed", "class A {", "\t@field() x = 1;", "\tm(@inject() y: number) {}", "}")],
  ["TypeScript-only syntax", "index.ts", js(...TS_ONLY)],
  ["a .mts file", "index.mts", js("\tconst y = 1 satisfies number;")],
  ["a .cts file", "index.cts", js("import fs = require('fs');")],
  ["an .mjs file", "index.mjs", js("\tconst url = import.meta.url;")],
  [
    "JSON imported with `with` and with the older `assert`",
    "index.mjs",
    js('import a from "./a.json" with { type: "json" };', 'import b from "./b.json" assert { type: "json" };'),
  ],
  ["auto-accessors", "index.ts", js("class A { accessor x = 1; }")],
  ["a .cjs file", "index.cjs", js('\t"use strict";')],
  ["optional catch binding", "index.js", js("try {", "\tf();", "} catch {", "\tg();", "}")],
  ["a template literal with tabs inside", "index.js", js("const t = `a\t${1}\tb`;")],
  ["a multi-line comment with tabs", "index.js", js("/*", "\t * a\t", "\t */")],
  ["`await` and `yield` as names in a CommonJS script", "index.js", js("var await = 1, yield = 2;")],
  ["HTML-like comments in a CommonJS script", "index.cjs", js("<!-- hidden from browsers of 1996", "--> shown")],
  [
    "Flow types in a .js file",
    "index.js",
    js("// @flow", "type Opts = {| token: ?string |};", "function f(x: number): string { return String(x); }"),
  ],
];

describe("migrateSource: layout and syntax", () => {
  for (const [what, file, input] of CASES) {
    it(`${what}: only the intended tokens change, and a second run changes nothing`, () => {
      const first = migrateSource(file, input);
      // The app function (app) => ... of HANDLER, in Probot's shape, is reported, on its line.
      const line = input.split(/\r?\n/).indexOf(HANDLER[0] as string) + 1;
      expect(first.problems.map((p) => [p.line, p.message.slice(0, 28)])).to.deep.equal([
        [line, "the app function takes (app)"],
      ]);
      expect(first.code).to.equal(migrated(input));
      const second = migrateSource(file, first.code);
      expect(second.code, "a second run changes nothing").to.equal(first.code);
      expect(second.changes).to.deep.equal([]);
      expect(second.problems).to.have.length(1);
    });
  }

  it("reads a declaration file that declares a name twice, as the compiler lets it (skipLibCheck)", () => {
    const input = [
      'import type { Octokit as Core } from "@octokit/core";',
      'import type { Octokit as Core } from "@octokit/core";',
      'import { ProbotOctokit } from "probot";',
      "type Client = InstanceType<typeof ProbotOctokit>;",
      "",
    ].join("\n");
    const { code, changes } = migrateSource("src/octokit.d.ts", input);
    expect(changes.map((c) => c.text)).to.deep.equal(['"probot" → "gh-app-kit"', "ProbotOctokit → AppClient"]);
    expect(code).to.equal(
      input
        .replace('"probot"', '"gh-app-kit"')
        .replace("{ ProbotOctokit }", "{ AppClient }")
        .replace("typeof ProbotOctokit", "typeof AppClient"),
    );
  });

  it("still refuses a file whose only errors are not redeclarations", () => {
    expect(() => migrateSource("a.ts", 'import { Probot } from "probot";\nconst = 1;\n')).to.throw();
  });

  // Where the migration writes lines of its own, they end as the file's lines do.
  const INSERTED: ReadonlyArray<[what: string, file: string, input: string, expected: string]> = [
    [
      "a name gh-app-kit lacks, read from its namespace in an ES module",
      "test/index.test.mjs",
      'import { Stats, Probot } from "probot";\nexport const s = new Stats({ Probot });\n',
      'import { App } from "gh-app-kit";\nimport * as ghAppKit from "gh-app-kit";\nconst { Stats } = ghAppKit;\nexport const s = new Stats({ Probot: App });\n',
    ],
    [
      "Probot 12's default webhook path given to createNodeMiddleware",
      "index.js",
      'const { createNodeMiddleware, createProbot } = require("probot");\nmodule.exports = createNodeMiddleware(app, {\n  probot: createProbot(),\n});\n',
      'const { createNodeMiddleware, createApp } = require("gh-app-kit");\nmodule.exports = createNodeMiddleware(app, {\n  app: createApp(),\n  webhookPath: "/",\n});\n',
    ],
  ];
  for (const [what, file, input, expected] of INSERTED) {
    it(`${what}: the lines it adds end with CRLF in a CRLF file, with CR in a CR file, with LF in an LF file`, () => {
      const probot12 = { middlewareAtRoot: true };
      expect(migrateSource(file, input, probot12).code).to.equal(expected);
      const crlf = migrateSource(file, input.replace(/\n/g, "\r\n"), probot12).code;
      expect(crlf).to.equal(expected.replace(/\n/g, "\r\n"));
      // Classic Mac OS ends lines with a lone CR, which JavaScript reads as a line end too.
      const cr = migrateSource(file, input.replace(/\n/g, "\r"), probot12).code;
      expect(cr).to.equal(expected.replace(/\n/g, "\r"));
    });
  }

  it("names the right line of a change after tabs and CRLF", () => {
    const { changes } = migrateSource("a.js", "\t\r\n\t\r\nconst { Probot } = require('probot');\r\n");
    expect(changes).to.deep.equal([
      { line: 3, text: '"probot" → "gh-app-kit"' },
      { line: 3, text: "Probot → App" },
    ]);
  });
});

// A file that names neither probot nor Octokit is still the migration's when it reads context.github,
// calls app.on("*") or webhooks.sign(), or builds a context double, whatever stands between those
// tokens (spaces, line breaks, comments, parentheses), as a formatter or a hand writes it.
describe("migrateSource: a file that names no Probot module, its tokens apart", () => {
  const CASES: ReadonlyArray<[what: string, file: string, input: string, expected: string]> = [
    [
      "a comment before the dot",
      "lib/a.js",
      "module.exports = async ({ context }) => context /* c */ .github.issues.get();\n",
      "module.exports = async ({ context }) => context /* c */ .client.issues.get();\n",
    ],
    [
      "a line break and a line comment",
      "lib/a.js",
      "module.exports = async ({ context }) =>\n  context\n    // the client\n    .github.issues.get();\n",
      "module.exports = async ({ context }) =>\n  context\n    // the client\n    .client.issues.get();\n",
    ],
    [
      "parentheses",
      "lib/a.js",
      "module.exports = async ({ context }) => (context).github.issues.get();\n",
      "module.exports = async ({ context }) => (context).client.issues.get();\n",
    ],
    [
      "a space in app .on(",
      "lib/a.js",
      'module.exports = (app) => {\n  app .on("*", handle);\n};\n',
      "module.exports = (app) => {\n  app .onAny(handle);\n};\n",
    ],
    [
      "a comment before webhooks.sign's parenthesis",
      "test/a.test.js",
      'it("signs", async () => {\n  const s = app.webhooks.sign /* body */ (payload);\n});\n',
      'it("signs", async () => {\n  const s = await app.webhooks.sign /* body */ (payload);\n});\n',
    ],
    [
      "a comment before a context double's colon",
      "test/a.test.js",
      "const context = { github /* a double */ : { issues: {} } };\nhandler(context);\n",
      "const context = { client /* a double */ : { issues: {} } };\nhandler(context);\n",
    ],
  ];
  for (const [what, file, input, expected] of CASES) {
    it(`${what}: migrated as without it`, () => {
      expect(migrateSource(file, input).code).to.equal(expected);
    });
  }

  it("a comment between expect and its parenthesis: a Probot 9 suite's expectations still take issue_number", () => {
    const input =
      "test('x', () => {\n  expect /* the double */ (github.issues.get).toBeCalledWith({ owner: 'o', repo: 'r', number: 1 })\n})\n";
    const { code } = migrateSource("test/a.test.js", input, { probot9Client: true });
    expect(code).to.equal(input.replace("number: 1", "issue_number: 1"));
  });

  it("a comment inside module.exports or export *: the module still hands on probot", () => {
    for (const code of [
      'module /* all of it */ .exports = { ...require("probot"), handler };\n',
      'export /* all of it */ * from "probot";\n',
    ]) {
      expect([...findProbotReExports([["index.js", code]]).keys()], code).to.deep.equal(["index.js"]);
    }
  });

  // Each // of a line comment may not start another comment, nor each character of a long run of comments
  // be a start the whole run is read from again: either took the reading of such a file hours.
  const SLOW: ReadonlyArray<[what: string, input: string]> = [
    ["a line comment of many slashes after context", `const a = context ${"// ".repeat(60)}\nmodule.exports = a;\n`],
    ["line comments with spaces at their ends", `const a = context\n${"// c \t\n".repeat(40)}module.exports = a;\n`],
    ["a long run of block comments", `const a = context ${"/* ) */ ".repeat(20000)}\nmodule.exports = a;\n`],
  ];
  for (const [what, input] of SLOW) {
    it(`reads ${what} at once`, function () {
      this.timeout(5000);
      expect(migrateSource("lib/a.js", input).code).to.equal(input);
    });
  }
});

// Where the migration takes out an argument, a property or an import's name, the comments beside it
// stay (the rewrite is checked to keep every comment), and so do the parentheses of the one after it.
describe("migrateSource: comments and parentheses beside what the migration takes out", () => {
  const CASES: ReadonlyArray<[what: string, file: string, input: string, expected: string]> = [
    [
      'app.on("*", handler) with a comment after the name, on its line',
      "index.js",
      'module.exports = (app) => {\n  app.on(\n    "*", // every event\n    logEvent,\n  );\n};\n',
      "module.exports = (app) => {\n  app.onAny(\n    // every event\n    logEvent,\n  );\n};\n",
    ],
    [
      'app.on("*", handler) with a comment before the comma',
      "index.js",
      'module.exports = (app) => {\n  app.on("*" /* every event */, logEvent);\n};\n',
      "module.exports = (app) => {\n  app.onAny(/* every event */ logEvent);\n};\n",
    ],
    [
      'app.on("*", handler) with parentheses around both',
      "index.js",
      'module.exports = (app) => {\n  app.on(("*"), (logEvent));\n};\n',
      "module.exports = (app) => {\n  app.onAny((logEvent));\n};\n",
    ],
    [
      'webhooks.on("error", handler) with a comment before the handler',
      "index.js",
      'const { Probot } = require("probot");\nprobot.webhooks.on("error", /* log it */ handler);\n',
      'const { App } = require("gh-app-kit");\nprobot.webhooks.onError(/* log it */ handler);\n',
    ],
    [
      "GitHubAPI({ Octokit: X, ... }) with a comment before the next key",
      "index.js",
      'const { GitHubAPI } = require("probot/lib/github");\nconst g = GitHubAPI({ Octokit: X, /* the token */ auth: t });\n',
      'const { AppClient } = require("gh-app-kit");\nconst g = new X({ /* the token */ auth: t });\n',
    ],
    [
      "GitHubAPI({ ..., Octokit: X }) with a comment before the last key",
      "index.js",
      'const { GitHubAPI } = require("probot/lib/github");\nconst g = GitHubAPI({ auth: t, /* its class */ Octokit: X });\n',
      'const { AppClient } = require("gh-app-kit");\nconst g = new X({ auth: t /* its class */ });\n',
    ],
    [
      "a name gh-app-kit lacks, imported with a comment after it",
      "test/index.test.mjs",
      'import { Stats /* counts */, Probot } from "probot";\nexport const s = new Stats({ Probot });\n',
      'import { /* counts */ App } from "gh-app-kit";\nimport * as ghAppKit from "gh-app-kit";\nconst { Stats } = ghAppKit;\nexport const s = new Stats({ Probot: App });\n',
    ],
  ];
  for (const [what, file, input, expected] of CASES) {
    it(`${what}: written, comments kept`, () => {
      const first = migrateSource(file, input);
      expect(first.problems.filter((p) => p.message.startsWith("left as it was"))).to.deep.equal([]);
      expect(first.code).to.equal(expected);
      expect(migrateSource(file, first.code).code, "a second run changes nothing").to.equal(first.code);
    });
  }
});
