import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/** [what it shows, file name, Probot source, expected source, problems expected (substrings of their messages)]. */
const CASES: ReadonlyArray<[string, string, string, string, string[]?]> = [
  [
    "an export named by a string beside the whole module: spies, stubs and property calls",
    "test/run.test.js",
    [
      'const probot = require("probot");',
      'import * as ns from "probot";',
      'jest.spyOn(probot, "createProbot");',
      'sinon.stub(probot, "run").resolves();',
      'vi.spyOn(ns, "createNodeMiddleware");',
      'Object.defineProperty(probot, "Probot", { value: class {} });',
      'jest.spyOn(other, "Probot");',
      'jest.spyOn(probot, "Context");',
      "",
    ].join("\n"),
    [
      'const probot = require("gh-app-kit");',
      'import * as ns from "gh-app-kit";',
      'jest.spyOn(probot, "createApp");',
      'sinon.stub(probot, "run").resolves();',
      'vi.spyOn(ns, "createNodeMiddleware");',
      'Object.defineProperty(probot, "App", { value: class {} });',
      'jest.spyOn(other, "Probot");',
      'jest.spyOn(probot, "Context");',
      "",
    ].join("\n"),
  ],
  [
    "a triple-slash reference to probot's types",
    "types/app.d.ts",
    '/// <reference types="probot" />\nimport { Probot } from "probot";\nexport declare function f(p: Probot): void;\n',
    '/// <reference types="gh-app-kit" />\nimport { App } from "gh-app-kit";\nexport declare function f(p: App): void;\n',
  ],
  [
    "assignment destructuring of an awaited import(), and the declaration it assigns",
    "test/index.test.js",
    'let Probot, ProbotOctokit;\nbeforeEach(async () => {\n  ({ Probot, ProbotOctokit } = await import("probot"));\n});\ntest("x", () => new Probot({ Octokit: ProbotOctokit }));\n',
    'let App, AppClient;\nbeforeEach(async () => {\n  ({ App, AppClient } = await import("gh-app-kit"));\n});\ntest("x", () => new App({ Client: AppClient }));\n',
  ],
  [
    "import().then with a destructured callback: its names, and createNodeMiddleware's options",
    "api/webhooks.js",
    'module.exports = import("probot").then(({ createNodeMiddleware, createProbot }) =>\n  createNodeMiddleware(app, { probot: createProbot(), webhooksPath: "/api" }),\n);\n',
    'module.exports = import("gh-app-kit").then(({ createNodeMiddleware, createApp }) =>\n  createNodeMiddleware(app, { app: createApp(), webhookPath: "/api" }),\n);\n',
  ],
  [
    "import().then(m => m.Probot): the module under another name, and then is no Probot name",
    "index.mjs",
    'export const load = () => import("probot").then((m) => new m.Probot({ githubToken: "t" }));\n',
    'export const load = () => import("gh-app-kit").then((m) => new m.App({ platformToken: "t" }));\n',
  ],
  [
    "jest's and vitest's module functions, mock factories included",
    "test/index.test.ts",
    [
      'const { Probot } = jest.requireActual("probot");',
      'const mocked = jest.requireMock("probot");',
      'const made = jest.createMockFromModule("probot");',
      'jest.unstable_mockModule("probot", () => ({ ProbotOctokit: Fake }));',
      'jest.doMock("probot", () => { return { ...jest.requireActual("probot"), createProbot }; });',
      'const { ProbotOctokit: Real } = await vi.importActual("probot");',
      'const m = await vi.importMock("probot");',
      'vi.doMock("probot");',
      'vi.mock(import("probot"), async (importOriginal) => ({ ...(await importOriginal()), Probot: Fake }));',
      "new mocked.Probot();",
      "new m.ProbotOctokit(made.createProbot);",
      "new Probot();",
      "",
    ].join("\n"),
    [
      'const { App } = jest.requireActual("gh-app-kit");',
      'const mocked = jest.requireMock("gh-app-kit");',
      'const made = jest.createMockFromModule("gh-app-kit");',
      'jest.unstable_mockModule("gh-app-kit", () => ({ AppClient: Fake }));',
      'jest.doMock("gh-app-kit", () => { return { ...jest.requireActual("gh-app-kit"), createApp: createProbot }; });',
      'const { AppClient: Real } = await vi.importActual("gh-app-kit");',
      'const m = await vi.importMock("gh-app-kit");',
      'vi.doMock("gh-app-kit");',
      'vi.mock(import("gh-app-kit"), async (importOriginal) => ({ ...(await importOriginal()), App: Fake }));',
      "new mocked.App();",
      "new m.AppClient(made.createApp);",
      "new App();",
      "",
    ].join("\n"),
  ],
  [
    "require(): member access, nested destructuring, assignment destructuring, and the names' calls",
    "index.js",
    'const P = require("probot").Probot;\nconst { ProbotOctokit: { defaults } } = require("probot");\nlet createProbot;\n({ createProbot } = require("probot"));\ncreateProbot({ githubToken: "x" });\nnew P({ githubToken: "t" });\n',
    'const P = require("gh-app-kit").App;\nconst { AppClient: { defaults } } = require("gh-app-kit");\nlet createApp;\n({ createApp } = require("gh-app-kit"));\ncreateApp({ platformToken: "x" });\nnew P({ platformToken: "t" });\n',
  ],
  [
    "TypeScript: import x = require(), typeof import(), casts around require()",
    "src/index.ts",
    'import probot = require("probot");\nconst a: probot.Probot = new probot.Probot({ githubToken });\ntype M = typeof import("probot");\nconst { createProbot } = require("probot") as M;\nlet x: M["ProbotOctokit"];\n',
    'import probot = require("gh-app-kit");\nconst a: probot.App = new probot.App({ platformToken: githubToken });\ntype M = typeof import("gh-app-kit");\nconst { createApp } = require("gh-app-kit") as M;\nlet x: M["ProbotOctokit"];\n',
  ],
  [
    "side-effect and namespace imports, module.require, createRequire, jest.unmock, a rest element, a ! cast",
    "index.ts",
    'import "probot";\nimport * as probot from "probot";\nconst { Probot, ...rest } = module.require("probot");\nconst req = createRequire(import.meta.url);\nconst { createProbot } = createRequire(import.meta.url)("probot")!;\njest.unmock("probot");\nnew probot.Probot(rest.ProbotOctokit, createProbot);\n',
    'import "gh-app-kit";\nimport * as probot from "gh-app-kit";\nconst { App, ...rest } = module.require("gh-app-kit");\nconst req = createRequire(import.meta.url);\nconst { createApp } = createRequire(import.meta.url)("gh-app-kit")!;\njest.unmock("gh-app-kit");\nnew probot.App(rest.AppClient, createApp);\n',
  ],
  [
    "a require function from createRequire kept under a name, specifiers written as template literals",
    "index.mjs",
    'import { createRequire as make } from "node:module";\nconst req = make(import.meta.url);\nlet load;\nload = module.createRequire(__filename);\nconst { Probot } = req("probot");\nconst { createProbot } = load(`probot`);\nconst m = await import(`probot`);\nnew Probot(m.ProbotOctokit, createProbot);\n',
    'import { createRequire as make } from "node:module";\nconst req = make(import.meta.url);\nlet load;\nload = module.createRequire(__filename);\nconst { App } = req("gh-app-kit");\nconst { createApp } = load(`gh-app-kit`);\nconst m = await import(`gh-app-kit`);\nnew App(m.AppClient, createApp);\n',
  ],
  [
    "a module augmentation of probot's types augments gh-app-kit's: Context (a class in Probot) becomes EventContext",
    "types.d.ts",
    'import "probot";\ndeclare module "probot" {\n  interface Context {\n    extra: string;\n  }\n  interface ProbotOctokit {\n    x: number;\n  }\n  interface Mine {}\n}\n',
    'import "gh-app-kit";\ndeclare module "gh-app-kit" {\n  interface EventContext {\n    extra: string;\n  }\n  interface AppClient {\n    x: number;\n  }\n  interface Mine {}\n}\n',
  ],
  [
    "an ambient declaration of probot (a file that imports and exports nothing) is reported, not renamed",
    "types/probot.d.ts",
    'declare module "probot" {\n  export const Probot: any;\n}\n',
    'declare module "probot" {\n  export const Probot: any;\n}\n',
    ["an ambient declaration"],
  ],
  [
    "import.meta.resolve, and an indexed import type",
    "index.mts",
    'const where = import.meta.resolve("probot");\ntype P = typeof import("probot")["Probot"];\ntype O = (typeof import("probot"))["ProbotOctokit"];\n',
    'const where = import.meta.resolve("gh-app-kit");\ntype P = typeof import("gh-app-kit")["App"];\ntype O = (typeof import("gh-app-kit"))["AppClient"];\n',
  ],
  [
    "stubs keyed by module name (proxyquire): the key, and the stub's export names",
    "test/index.test.js",
    [
      'const app = proxyquire("../index", { probot: { Probot: FakeProbot }, "./lib": {} });',
      "const other = proxyquire.noCallThru().load(\"../index\", { 'probot': { createProbot } });",
      'const short = proxyquire("../index", { probot });',
      "",
    ].join("\n"),
    [
      'const app = proxyquire("../index", { "gh-app-kit": { App: FakeProbot }, "./lib": {} });',
      "const other = proxyquire.noCallThru().load(\"../index\", { 'gh-app-kit': { createApp: createProbot } });",
      'const short = proxyquire("../index", { "gh-app-kit": probot });',
      "",
    ].join("\n"),
  ],
  [
    "an export read by a computed string member of the module; its default export (Probot's CommonJS module) is reported",
    "index.mjs",
    'const m = require("probot");\nnew m["Probot"]();\nconst P = (await import("probot")).default.Probot;\n',
    'const m = require("gh-app-kit");\nnew m["App"]();\nconst P = (await import("gh-app-kit")).default.Probot;\n',
    ['reads the default export of "probot"'],
  ],
  [
    "names and keys that Object.prototype has (constructor, toString, __proto__) are no Probot names",
    "index.js",
    'const { constructor, toString } = require("probot");\nnew Probot.constructor({ __proto__: null, toString() {}, hasOwnProperty: 1 });\njest.mock("probot", () => ({ constructor: 1, valueOf: 2 }));\n',
    'const { constructor, toString } = require("gh-app-kit");\nnew Probot.constructor({ __proto__: null, toString() {}, hasOwnProperty: 1 });\njest.mock("gh-app-kit", () => ({ constructor: 1, valueOf: 2 }));\n',
    ['imports constructor from "probot"', 'imports toString from "probot"'],
  ],
  [
    "a default import becomes a namespace import (gh-app-kit has no default export); beside named imports it is reported",
    "index.mts",
    'import probot from "probot";\nimport type P from "probot";\nimport other, { Context } from "probot";\nnew probot.Probot();\n',
    'import * as probot from "gh-app-kit";\nimport type * as P from "gh-app-kit";\nimport other, { Context } from "gh-app-kit";\nnew probot.App();\n',
    ['imports the default export of "probot"'],
  ],
  [
    "export * as and export *: the module is renamed; a re-export of everything is reported",
    "index.ts",
    'export * as probot from "probot";\nexport * from "probot";\n',
    'export * as probot from "gh-app-kit";\nexport * from "gh-app-kit";\n',
    ["re-exports everything"],
  ],
  [
    "options built in a const and passed to new Probot are renamed; options given to an unknown call are reported",
    "test/index.test.js",
    'const { Probot, ProbotOctokit } = require("probot");\nconst options = { githubToken: "t", Octokit: ProbotOctokit };\nnew Probot(options);\nmakeApp({ Octokit: ProbotOctokit, webhooksPath: "/x" });\n',
    'const { App, AppClient } = require("gh-app-kit");\nconst options = { platformToken: "t", Client: AppClient };\nnew App(options);\nmakeApp({ Octokit: AppClient, webhooksPath: "/x" });\n',
    ["an object has an Octokit key", "an object has a webhooksPath key"],
  ],
  [
    "a mock factory given by name, or wrapped in jest.fn()/vi.fn(): its object's keys are renamed too",
    "test/webhooks.test.js",
    [
      "const mockFactory = jest.fn(() => ({ createNodeMiddleware: m, createProbot: c }));",
      'jest.unstable_mockModule("probot", mockFactory);',
      "function viFactory() {",
      "  return { Probot: Fake };",
      "}",
      'vi.mock("probot", viFactory);',
      'jest.doMock("probot", jest.fn(() => ({ ProbotOctokit: Fake })));',
      'jest.mock("probot", makeFactory());',
      "",
    ].join("\n"),
    [
      "const mockFactory = jest.fn(() => ({ createNodeMiddleware: m, createApp: c }));",
      'jest.unstable_mockModule("gh-app-kit", mockFactory);',
      "function viFactory() {",
      "  return { App: Fake };",
      "}",
      'vi.mock("gh-app-kit", viFactory);',
      'jest.doMock("gh-app-kit", jest.fn(() => ({ AppClient: Fake })));',
      'jest.mock("gh-app-kit", makeFactory());',
      "",
    ].join("\n"),
    ["the mock factory of jest.mock() is not a function app migrate can read"],
  ],
  [
    "assertions on the calls of a mocked export name its options as the export's own calls do",
    "test/webhooks.test.js",
    [
      "const mockCreateNodeMiddleware = jest.fn();",
      "const MockProbot = jest.fn();",
      'jest.unstable_mockModule("probot", () => ({ createNodeMiddleware: mockCreateNodeMiddleware, Probot: MockProbot }));',
      'expect(mockCreateNodeMiddleware).toHaveBeenCalledWith(app, { probot: p, webhooksPath: "/x" });',
      'expect(MockProbot).not.toHaveBeenNthCalledWith(1, { githubToken: "t" });',
      "expect(other).toHaveBeenCalledWith(app, { probot: p });",
      "",
    ].join("\n"),
    [
      "const mockCreateNodeMiddleware = jest.fn();",
      "const MockProbot = jest.fn();",
      'jest.unstable_mockModule("gh-app-kit", () => ({ createNodeMiddleware: mockCreateNodeMiddleware, App: MockProbot }));',
      'expect(mockCreateNodeMiddleware).toHaveBeenCalledWith(app, { app: p, webhookPath: "/x" });',
      'expect(MockProbot).not.toHaveBeenNthCalledWith(1, { platformToken: "t" });',
      "expect(other).toHaveBeenCalledWith(app, { probot: p });",
      "",
    ].join("\n"),
  ],
  [
    'a module loader the migration does not know, given "probot", is reported',
    "test/setup.js",
    'mockery.registerMock("probot", fake);\nexpect(pkg.name).toBe("probot");\n',
    'mockery.registerMock("probot", fake);\nexpect(pkg.name).toBe("probot");\n',
    ['passes "probot" to mockery.registerMock()'],
  ],
];

describe("migrateSource: every way a file names the module", () => {
  for (const [what, file, input, output, problems = []] of CASES) {
    it(what, () => {
      const migrated = migrateSource(file, input);
      // App functions in Probot's shape are reported too: test/migrate/app-functions.test.ts.
      const result = {
        ...migrated,
        problems: migrated.problems.filter((p) => !p.message.startsWith("the app function")),
      };
      expect(result.code).to.equal(output);
      expect(result.problems.map((p) => p.message)).to.have.length(problems.length);
      for (const expected of problems) {
        expect(
          result.problems.some((p) => p.message.includes(expected) && p.line !== undefined && p.line > 0),
          `${expected} in ${JSON.stringify(result.problems)}`,
        ).to.equal(true);
      }
      const again = migrateSource(file, result.code);
      expect(again.code, "a second run changes nothing").to.equal(result.code);
      expect(again.changes).to.deep.equal([]);
    });
  }
});
