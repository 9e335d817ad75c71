import { expect } from "chai";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateApp } from "../../src/migrate/migrate-app.js";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/** [what it shows, file name, source, expected source]: Probot 9 and 10 names, and hand-made contexts in tests. */
const CASES: ReadonlyArray<[string, string, string, string]> = [
  [
    "Probot 10's Application class as a value, with its option keys",
    "test/index.test.js",
    'const { Application } = require("probot");\nconst app = new Application({ secret, githubToken, Octokit });\n',
    'const { App } = require("gh-app-kit");\nconst app = new App({ secret, platformToken: githubToken, Client: Octokit });\n',
  ],
  [
    "Application as a type and as a value in TypeScript",
    "test/index.test.ts",
    'import { Application, Context } from "probot";\nlet app: Application;\napp = new Application({ Octokit: Fake });\n',
    'import { App, Context } from "gh-app-kit";\nlet app: App;\napp = new App({ Client: Fake });\n',
  ],
  [
    "context.github, Probot 10's name of the client, in a handler and a helper typed Context",
    "src/index.ts",
    [
      'import { Application, Context } from "probot";',
      "export = (app: Application) => {",
      '  app.on("issues", async (context) => {',
      "    await context.github.issues.update(context.issue({}));",
      "  });",
      "};",
      "export async function label(ctx: Context) {",
      "  const { github } = ctx;",
      "  return github.issues.addLabels(ctx.issue({ labels: ['a'] }));",
      "}",
      "",
    ].join("\n"),
    [
      'import { App, Context } from "gh-app-kit";',
      "export = (app: App) => {",
      '  app.on("issues", async (context) => {',
      "    await context.client.issues.update(context.issue({}));",
      "  });",
      "};",
      "export async function label(ctx: Context) {",
      "  const { client } = ctx;",
      "  return client.issues.addLabels(ctx.issue({ labels: ['a'] }));",
      "}",
      "",
    ].join("\n"),
  ],
  [
    "context.github in a helper of a Probot 9 app that names no Probot module",
    "lib/close.js",
    "module.exports = async function close(context) {\n  await context.github.issues.update(context.issue({ state: 'closed' }));\n};\n",
    "module.exports = async function close(context) {\n  await context.client.issues.update(context.issue({ state: 'closed' }));\n};\n",
  ],
  [
    "a hand-made context with its payload spread in gets client for octokit",
    "test/handler.test.ts",
    [
      "const context = { octokit, repo: vi.fn(), ...fixture };",
      "await handler(context);",
      "expect(context.octokit.graphql).toHaveBeenCalled();",
      "",
    ].join("\n"),
    [
      "const context = { client: octokit, repo: vi.fn(), ...fixture };",
      "await handler(context);",
      "expect(context.client.graphql).toHaveBeenCalled();",
      "",
    ].join("\n"),
  ],
  [
    "hand-made contexts: cast, typed, assigned, and Probot 10's github key",
    "test/more.test.ts",
    [
      "const ctx = { octokit: fake, issue: () => ({}) } as unknown as Context;",
      "let typed: Context = { octokit: fake } as any;",
      "let context;",
      "context = { github: fake, log };",
      "const options = { octokit: fake };",
      "",
    ].join("\n"),
    [
      "const ctx = { client: fake, issue: () => ({}) } as unknown as Context;",
      "let typed: Context = { client: fake } as any;",
      "let context;",
      "context = { client: fake, log };",
      "const options = { octokit: fake };",
      "",
    ].join("\n"),
  ],
  [
    "a variable typed Context or cast to it is a context where it is used too",
    "test/typed.test.ts",
    [
      "const fake = { octokit: double } as unknown as Context;",
      "const typed: Context = { octokit: double } as any;",
      "expect(fake.octokit.graphql).toHaveBeenCalled();",
      "expect(typed.octokit.graphql).toHaveBeenCalled();",
      "",
    ].join("\n"),
    [
      "const fake = { client: double } as unknown as Context;",
      "const typed: Context = { client: double } as any;",
      "expect(fake.client.graphql).toHaveBeenCalled();",
      "expect(typed.client.graphql).toHaveBeenCalled();",
      "",
    ].join("\n"),
  ],
];

describe("app migrate: Probot 9 and 10 names, and hand-made contexts", () => {
  for (const [what, file, input, output] of CASES) {
    it(what, () => {
      const migrated = migrateSource(file, input);
      expect(migrated.code).to.equal(output);
      expect(migrated.problems.filter((p) => !p.message.startsWith("the app function"))).to.deep.equal([]);
      const again = migrateSource(file, migrated.code);
      expect(again.code, "a second run changes nothing").to.equal(migrated.code);
      expect(again.changes).to.deep.equal([]);
    });
  }

  it("leaves a test that replaces the app's auth as it is: events take their client from it, as in Probot 7 to 10", () => {
    // test/compat/replaced-auth.test.ts runs it; there is nothing left to do by hand.
    const code = [
      'import { Application } from "probot";',
      "let robot: Application;",
      "robot = new Application();",
      "robot.auth = () => Promise.resolve(github);",
      "",
    ].join("\n");
    const { problems, code: written } = migrateSource("spec/index.spec.ts", code);
    expect(problems).to.deep.equal([]);
    expect(written).to.include("robot.auth = () => Promise.resolve(github);");
  });

  it("reports Probot 9 and 10's deprecated router (app.router, app.route()) in an app function", () => {
    // As electron/trop on Probot 9: `robot.router.get('/metrics', (req, res) => { res.end(...) })`.
    const code = [
      'import { Application } from "probot";',
      "export = (robot: Application) => {",
      "  robot.router.get('/metrics', (req, res) => res.end('ok'));",
      "  const admin = robot.route('/admin');",
      "  admin.use(json());",
      "  robot.on('issues', async () => undefined);",
      "};",
      "const other = { router: null, route: () => 1 };",
      "other.router; other.route('/x');",
      "",
    ].join("\n");
    const result = migrateSource("src/index.ts", code);
    const routers = result.problems.filter((p) => /router/.test(p.message));
    expect(routers.map((p) => [p.line, p.message])).to.deep.equal([
      [
        3,
        "uses robot.router, Probot 9 and 10's router, deprecated: here it gives getRouter()'s router, with a deprecation warning",
      ],
      [
        4,
        "uses robot.route(), Probot 9 and 10's router, deprecated: here it gives getRouter()'s router, with a deprecation warning",
      ],
    ]);
    expect(routers[0]?.hint).to.include("getRouter(").and.include("run through the app's express on a Node server");
    // Its Express handler runs through express: kept, for package.json to declare it.
    expect(result.expressRoutes).to.deep.equal([3]);
  });

  it("reports @octokit/rest 16's response types, which the client's responses no longer match", () => {
    // As electron/trop on Probot 9: `pr: Octokit.PullsGetResponse`, passed what context.client returns.
    const code = [
      'import { Application, Context } from "probot";',
      'import { Octokit } from "@octokit/rest";',
      "export async function f(context: Context, pr: Octokit.PullsGetResponse) {",
      "  const runs: Octokit.ChecksListForRefResponseCheckRunsItem[] = [];",
      "  const client: Octokit = context.github;",
      "  return [pr, runs, client];",
      "}",
      "",
    ].join("\n");
    const { problems } = migrateSource("src/index.ts", code);
    const types = problems.filter((p) => /@octokit\/rest/.test(p.message));
    expect(types.map((p) => [p.line, p.message])).to.deep.equal([
      [
        3,
        "uses the response types of @octokit/rest 16 (Octokit.PullsGetResponse, Octokit.ChecksListForRefResponseCheckRunsItem), which the client's responses do not match",
      ],
    ]);
    expect(types[0]?.hint).to.include("RestEndpointMethodTypes");
  });

  it("leaves .github alone on objects that are not contexts", () => {
    const code = "const repo = payload.github;\nconst { github } = options;\ngithub.context.repo;\n";
    expect(migrateSource("a.js", code).code).to.equal(code);
  });
});

describe("app migrate: probot reached through another package", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "migrate-undeclared-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("adds gh-app-kit to dependencies when it rewrote an import of probot that package.json does not declare", async () => {
    const manifest = { name: "action", type: "module", dependencies: { "@probot/adapter-github-actions": "^4.0.0" } };
    await writeFile(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeFile(join(dir, "app.js"), 'import { Probot } from "probot";\nexport const probot = new Probot({});\n');
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    const written = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as typeof manifest;
    expect(written.dependencies).to.deep.equal({ "@probot/adapter-github-actions": "^4.0.0", "gh-app-kit": "^1.0.0" });
    const changes = report.files.find((f) => f.file === "package.json")?.changes.map((c) => c.text);
    expect(changes).to.include(
      "dependencies: + gh-app-kit@^1.0.0 (app.js imports it; package.json did not declare probot)",
    );
    const again = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(again.diff).to.equal("");
  });

  it("leaves a committed bundle that holds probot itself as it is, and says to rebuild it", async () => {
    // As example-github-action's dist/index.js: esbuild output with probot and the app inside.
    const manifest = `${JSON.stringify({ name: "action", dependencies: { probot: "^13.0.0" } }, null, 2)}\n`;
    const bundle = [
      "// node_modules/probot/lib/context.js",
      "var Context = class { get octokit() { return this.x; } };",
      "// app.js",
      'var app = (app2) => app2.on("issues", (context) => context.octokit.issues.get());',
      "",
    ].join("\n");
    await writeFile(join(dir, "package.json"), manifest);
    await mkdir(join(dir, "dist"));
    await writeFile(join(dir, "dist/index.js"), bundle);
    const report = await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(await readFile(join(dir, "dist/index.js"), "utf8")).to.equal(bundle);
    const entry = report.files.find((f) => f.file === "dist/index.js");
    expect(entry?.changes).to.deep.equal([]);
    expect(entry?.problems.map((p) => p.message)).to.deep.equal([
      "left as it was: a bundle with probot inside (build output)",
    ]);
  });

  it("adds nothing when no file names probot", async () => {
    const manifest = `${JSON.stringify({ name: "plain", dependencies: { express: "^4.0.0" } }, null, 2)}\n`;
    await writeFile(join(dir, "package.json"), manifest);
    await writeFile(join(dir, "index.js"), 'const octokit = require("@octokit/rest");\n');
    await migrateApp({ directory: dir, framework: "^1.0.0" });
    expect(await readFile(join(dir, "package.json"), "utf8")).to.equal(manifest);
  });
});
