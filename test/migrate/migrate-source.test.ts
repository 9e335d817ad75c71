import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/** [what it shows, file name, Probot source, expected source, problems expected (substrings of their messages)]. */
const CASES: ReadonlyArray<[string, string, string, string, string[]?]> = [
  [
    "CommonJS destructuring, and every use of the names",
    "index.js",
    'const { Probot, ProbotOctokit } = require("probot");\nconst app = new Probot({ Octokit: ProbotOctokit });\n',
    'const { App, AppClient } = require("gh-app-kit");\nconst app = new App({ Client: AppClient });\n',
  ],
  [
    "single quotes, comments and odd formatting stay",
    "index.js",
    "// set up\nconst {Probot} = require('probot') // the framework\nnew   Probot( {githubToken} ) ;\n",
    "// set up\nconst {App} = require('gh-app-kit') // the framework\nnew   App( {platformToken: githubToken} ) ;\n",
  ],
  [
    "code written without semicolons keeps none, return statements included",
    "index.js",
    "const { Probot } = require('probot')\nmodule.exports = app => {\n  app.on('issues', context => {\n    return Settings.sync(context.octokit, new Probot())\n  })\n}\n",
    "const { App } = require('gh-app-kit')\nmodule.exports = app => {\n  app.on('issues', context => {\n    return Settings.sync(context.client, new App())\n  })\n}\n",
  ],
  [
    "a typed destructuring parameter keeps its type",
    "index.ts",
    'app.on("issues", async ({ octokit, payload }: Context<"issues">) => {\n  await octokit.issues.get(payload);\n});\n',
    'app.on("issues", async ({ client, payload }: Context<"issues">) => {\n  await client.issues.get(payload);\n});\n',
  ],
  [
    "an aliased name keeps its alias",
    "index.mjs",
    'import { Probot as P, createProbot as make } from "probot";\nnew P({});\nmake();\n',
    'import { App as P, createApp as make } from "gh-app-kit";\nnew P({});\nmake();\n',
  ],
  [
    "a local name already taken keeps the old name as an alias",
    "index.mjs",
    'import { createProbot } from "probot";\nfunction createApp() {}\ncreateProbot({ overrides: { githubToken: "t" } });\n',
    'import { createApp as createProbot } from "gh-app-kit";\nfunction createApp() {}\ncreateProbot({ overrides: { platformToken: "t" } });\n',
  ],
  [
    "a taken name in CommonJS, and a renamed name exported in an object literal",
    "index.js",
    'const { Probot, createProbot } = require("probot");\nconst createApp = 1;\nmodule.exports = { Probot, createProbot };\n',
    'const { App, createApp: createProbot } = require("gh-app-kit");\nconst createApp = 1;\nmodule.exports = { Probot: App, createProbot };\n',
  ],
  [
    "the whole module: namespace import, require and await import",
    "index.ts",
    'import * as probot from "probot";\nconst x: probot.Probot = new probot.Probot({});\nconst Y = require("probot").ProbotOctokit;\nconst { createProbot } = await import("probot");\n',
    'import * as probot from "gh-app-kit";\nconst x: probot.App = new probot.App({});\nconst Y = require("gh-app-kit").AppClient;\nconst { createApp } = await import("gh-app-kit");\n',
  ],
  [
    "a shadowing local of the same name is left alone",
    "index.js",
    'const { Probot } = require("probot");\nfunction f(Probot) { return Probot; }\nnew Probot({});\n',
    'const { App } = require("gh-app-kit");\nfunction f(Probot) { return Probot; }\nnew App({});\n',
  ],
  [
    "TypeScript types, type-only imports and import() types",
    "src/index.ts",
    'import type { Context, Probot } from "probot";\nexport default (app: Probot, c: Context<"issues.opened">): void => {};\ntype C = import("probot").ProbotOctokit;\n',
    'import type { Context, App } from "gh-app-kit";\nexport default (app: App, c: Context<"issues.opened">): void => {};\ntype C = import("gh-app-kit").AppClient;\n',
  ],
  [
    "context.octokit in handlers, typed parameters, helpers and optional chains",
    "index.ts",
    'app.on("issues", async (ev) => ev.octokit.issues.get());\nasync function f(c: Context) { await c.octokit.repos.get(); }\nconst g = (context) => context?.octokit?.paginate;\nthis.context.octokit.x();\n',
    'app.on("issues", async (ev) => ev.client.issues.get());\nasync function f(c: Context) { await c.client.repos.get(); }\nconst g = (context) => context?.client?.paginate;\nthis.context.client.x();\n',
  ],
  [
    "an octokit that is not a context's stays",
    "index.js",
    "const gh = new Octokit();\nfoo.octokit.request();\nfunction h(api) { return api.octokit; }\n",
    "const gh = new Octokit();\nfoo.octokit.request();\nfunction h(api) { return api.octokit; }\n",
  ],
  [
    "{ octokit } from a context, renamed with its uses unless client is taken",
    "index.js",
    "app.on('push', async ({ octokit, payload }) => { await octokit.x(payload); });\nconst { octokit: gh } = context;\napp.on('push', ({ octokit }) => { const client = 1; return octokit; });\n",
    "app.on('push', async ({ client, payload }) => { await client.x(payload); });\nconst { client: gh } = context;\napp.on('push', ({ client: octokit }) => { const client = 1; return octokit; });\n",
  ],
  [
    "a context double in a test: { octokit, payload }",
    "test/index.test.js",
    "const context = { payload: {}, octokit: { issues: { createComment: jest.fn() } } };\n",
    "const context = { payload: {}, client: { issues: { createComment: jest.fn() } } };\n",
  ],
  [
    "createNodeMiddleware's probot and webhooksPath options",
    "api/webhooks.js",
    'const { createNodeMiddleware, createProbot } = require("probot");\nmodule.exports = createNodeMiddleware(app, { probot: createProbot(), webhooksPath: "/api/github/webhooks" });\n',
    'const { createNodeMiddleware, createApp } = require("gh-app-kit");\nmodule.exports = createNodeMiddleware(app, { app: createApp(), webhookPath: "/api/github/webhooks" });\n',
  ],
  [
    "JSDoc types: import('probot') and the renamed names",
    "index.js",
    "const { Probot } = require('probot');\n/**\n * @param {import('probot').Probot} app\n * @param {Probot} other Probot's own words stay\n */\nmodule.exports = (app) => {};\n",
    "const { App } = require('gh-app-kit');\n/**\n * @param {import('gh-app-kit').App} app\n * @param {App} other Probot's own words stay\n */\nmodule.exports = (app) => {};\n",
  ],
  [
    "jest.mock and export ... from",
    "test/a.test.ts",
    'jest.mock("probot");\nexport { Probot, Context } from "probot";\n',
    'jest.mock("gh-app-kit");\nexport { App as Probot, Context } from "gh-app-kit";\n',
  ],
  [
    "@probot/get-private-key becomes gh-app-kit's getPrivateKey",
    "index.js",
    'const { getPrivateKey } = require("@probot/get-private-key");\n',
    'const { getPrivateKey } = require("gh-app-kit");\n',
  ],
  [
    // probot-security-alerts: `error instanceof RequestError` tells a 404 from other failures. The app's
    // copy of @octokit/request-error is seldom the client's here; gh-app-kit's RequestError holds for both.
    "@octokit/request-error's RequestError becomes gh-app-kit's, in every form a file takes it",
    "src/team.ts",
    'import { RequestError } from "@octokit/request-error";\nimport type { RequestErrorOptions as O } from "@octokit/request-error";\n' +
      "const { RequestError: E } = require('@octokit/request-error');\nconst F = require('@octokit/request-error').RequestError;\n" +
      'const { RequestError: G } = await import("@octokit/request-error");\n',
    'import { RequestError } from "gh-app-kit";\nimport type { RequestErrorOptions as O } from "gh-app-kit";\n' +
      "const { RequestError: E } = require('gh-app-kit');\nconst F = require('gh-app-kit').RequestError;\n" +
      'const { RequestError: G } = await import("gh-app-kit");\n',
  ],
  [
    "@octokit/graphql's GraphqlResponseError becomes gh-app-kit's; its graphql function stays",
    "src/merge.ts",
    'import { GraphqlResponseError } from "@octokit/graphql";\nimport { graphql, GraphqlResponseError as E } from "@octokit/graphql";\n',
    'import { GraphqlResponseError } from "gh-app-kit";\nimport { graphql, GraphqlResponseError as E } from "@octokit/graphql";\n',
  ],
  [
    "a namespace of @octokit/request-error, a name gh-app-kit lacks, and its mocks stay as they are",
    "test/team.test.js",
    'import * as errors from "@octokit/request-error";\nimport { RequestError, Other } from "@octokit/request-error";\n' +
      'jest.mock("@octokit/request-error");\nexport { RequestError as E } from "@octokit/request-error";\n',
    'import * as errors from "@octokit/request-error";\nimport { RequestError, Other } from "@octokit/request-error";\n' +
      'jest.mock("@octokit/request-error");\nexport { RequestError as E } from "@octokit/request-error";\n',
  ],
  [
    "what does not exist here is reported and left",
    "index.js",
    'const { Stats, Probot, somethingElse } = require("probot");\nconst { Context } = require("probot/lib/context");\nconst { x } = require("probot/lib/x");\nconst adapt = require("@probot/adapter-aws-lambda-serverless");\n',
    'const { Stats, App, somethingElse } = require("gh-app-kit");\nconst { Context } = require("gh-app-kit");\nconst { x } = require("probot/lib/x");\nconst adapt = require("@probot/adapter-aws-lambda-serverless");\n',
    ['Stats from "probot"', "somethingElse", "probot/lib/x", "adapter-aws-lambda-serverless"],
  ],
  [
    // godaddy/pullie on Probot 11: its ES module test imported Stats with Probot, and mocha, which
    // loads every test file in one process, then ran none of them.
    "in a JavaScript ES module, names that do not exist here are read from the module's namespace, so the file loads",
    "test/index.test.mjs",
    "import { Stats, Probot, somethingElse as other } from 'probot';\nimport { Stats as S } from 'probot'\nnew Stats({ Probot });\n",
    "import { App } from 'gh-app-kit';\nimport * as ghAppKit from 'gh-app-kit';\nconst { Stats, somethingElse: other } = ghAppKit;\nimport {  } from 'gh-app-kit'\nimport * as ghAppKit2 from 'gh-app-kit'\nconst { Stats: S } = ghAppKit2\nnew Stats({ Probot: App });\n",
    ['Stats from "probot"', 'somethingElse from "probot"', 'Stats from "probot"'],
  ],
  [
    "in TypeScript, or beside a default import, they stay in the import, and the report says the file fails to load",
    "test/index.test.ts",
    "import { Stats, Probot } from 'probot';\nimport type { Stats as S } from 'probot';\n",
    "import { Stats, App } from 'gh-app-kit';\nimport type { Stats as S } from 'gh-app-kit';\n",
    ['Stats from "probot"', 'Stats from "probot"'],
  ],
  [
    "Probot.defaults(options) becomes App.defaults, its option keys renamed as new Probot's",
    "test.js",
    'const { Probot, ProbotOctokit } = require("probot");\nconst TestProbot = Probot.defaults({ githubToken: "t", Octokit: ProbotOctokit.defaults({ retry: { enabled: false } }) });\n',
    'const { App, AppClient } = require("gh-app-kit");\nconst TestProbot = App.defaults({ platformToken: "t", Client: AppClient.defaults({ retry: { enabled: false } }) });\n',
  ],
  [
    "a deep import of public names moves to the root",
    "index.ts",
    'import { Context } from "probot/lib/context";\n',
    'import { Context } from "gh-app-kit";\n',
  ],
  [
    "a githubToken the calls do not show is reported",
    "index.js",
    'const { Probot } = require("probot");\nconst make = (options) => new Probot(options);\nmake({ githubToken: process.env.TOKEN });\n',
    'const { App } = require("gh-app-kit");\nconst make = (options) => new App(options);\nmake({ githubToken: process.env.TOKEN });\n',
    ["githubToken"],
  ],
  [
    "JSX in a .jsx file and a <T> cast in a .ts file both parse",
    "view.tsx",
    'import { Probot } from "probot";\nexport const V = (p: { app: Probot }) => <div>{String(p.app)}</div>;\n',
    'import { App } from "gh-app-kit";\nexport const V = (p: { app: App }) => <div>{String(p.app)}</div>;\n',
  ],
  [
    "a catch clause without a parameter (ES2019) does not stop the renames inside or around it",
    "lib/releases.js",
    'const { Probot } = require("probot");\nconst probot = require("probot");\nmodule.exports = (app) => {\n  app.on("issues", async (context) => {\n    try {\n      await context.octokit.issues.get();\n    } catch {\n      await context.octokit.issues.create();\n      return new Probot({}) || probot.ProbotOctokit;\n    }\n  });\n};\n',
    'const { App } = require("gh-app-kit");\nconst probot = require("gh-app-kit");\nmodule.exports = (app) => {\n  app.on("issues", async (context) => {\n    try {\n      await context.client.issues.get();\n    } catch {\n      await context.client.issues.create();\n      return new App({}) || probot.AppClient;\n    }\n  });\n};\n',
  ],
  [
    "a catch parameter of the same name, plain or destructured, shadows the import",
    "index.js",
    'const { Probot } = require("probot");\ntry { new Probot(); } catch (Probot) { throw Probot; }\ntry { f(); } catch ({ message: [Probot] }) { g(Probot); }\ntry { f(); } catch { new Probot(); }\n',
    'const { App } = require("gh-app-kit");\ntry { new App(); } catch (Probot) { throw Probot; }\ntry { f(); } catch ({ message: [Probot] }) { g(Probot); }\ntry { f(); } catch { new App(); }\n',
  ],
  [
    "a var in the body of a catch without a parameter declares in the enclosing function",
    "index.js",
    'const { Probot } = require("probot");\nfunction f() {\n  try { g(); } catch { var Probot = 1; }\n  return Probot;\n}\nfunction h() {\n  try { g(); } catch ({ message }) { if (message) { var [Probot] = []; } }\n  return Probot;\n}\nnew Probot();\n',
    'const { App } = require("gh-app-kit");\nfunction f() {\n  try { g(); } catch { var Probot = 1; }\n  return Probot;\n}\nfunction h() {\n  try { g(); } catch ({ message }) { if (message) { var [Probot] = []; } }\n  return Probot;\n}\nnew App();\n',
  ],
  [
    "Probot 11's ProbotOctokitCore becomes AppClient",
    "test/index.test.ts",
    'const { ProbotOctokitCore } = require("probot");\nconst Octokit = ProbotOctokitCore.defaults({ retry: { enabled: false } });\ntype T = import("probot").ProbotOctokitCore;\n',
    'const { AppClient } = require("gh-app-kit");\nconst Octokit = AppClient.defaults({ retry: { enabled: false } });\ntype T = import("gh-app-kit").AppClient;\n',
  ],
  [
    "Probot's Options, every field optional, becomes AppOptions",
    "index.ts",
    'import { Probot, type Options } from "probot";\nconst options: Options = { appId: 1 };\nnew Probot(options);\n',
    'import { App, type AppOptions } from "gh-app-kit";\nconst options: AppOptions = { appId: 1 };\nnew App(options);\n',
  ],
  [
    "ProbotOctokit and ProbotOctokitCore together: one of them keeps its local name",
    "index.mjs",
    'import { ProbotOctokit, ProbotOctokitCore } from "probot";\nnew ProbotOctokit();\nnew ProbotOctokitCore();\n',
    'import { AppClient, AppClient as ProbotOctokitCore } from "gh-app-kit";\nnew AppClient();\nnew ProbotOctokitCore();\n',
  ],
  [
    "a file with no Probot in it is returned as it was",
    "util.js",
    "module.exports = function add(a, b) { return a + b }\n",
    "module.exports = function add(a, b) { return a + b }\n",
  ],
];

describe("migrateSource", () => {
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
      for (const [index, expected] of problems.entries()) {
        expect(
          result.problems.map((p) => p.message).some((m) => m.includes(expected)),
          `${expected} in ${JSON.stringify(result.problems)}`,
        ).to.equal(true);
        expect(result.problems[index]?.hint).to.be.a("string").and.not.equal("");
      }
      const again = migrateSource(file, result.code);
      expect(again.code, "a second run changes nothing").to.equal(result.code);
      expect(again.changes).to.deep.equal([]);
    });
  }

  it("names the line of each change", () => {
    const { changes } = migrateSource("a.js", '\n\nconst { Probot } = require("probot");\n');
    expect(changes).to.deep.equal([
      { line: 3, text: '"probot" → "gh-app-kit"' },
      { line: 3, text: "Probot → App" },
    ]);
  });

  it("notes what differs when ProbotOctokitCore becomes AppClient", () => {
    const { changes } = migrateSource("a.js", 'const { ProbotOctokitCore } = require("probot");\n');
    expect(changes[1]?.text).to.match(
      /^ProbotOctokitCore → AppClient \(Probot 11's core client; AppClient also retries and throttles, .*throttle: \{ enabled: false \}/,
    );
  });

  it("throws the parser's error for a file that is not JavaScript", () => {
    expect(() => migrateSource("a.js", "const { Probot } = require('probot');\nfunction (")).to.throw(
      SyntaxError,
      /Unexpected token/,
    );
  });
});
