import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/** [what it shows, file name, source, expected source]: Probot 9's GitHubAPI, its client's factory and type. */
const CASES: ReadonlyArray<[string, string, string, string]> = [
  [
    "a deep require of GitHubAPI and ProbotOctokit, and a client made with a plugin (Octokit: given)",
    "lib/github.js",
    [
      "const { GitHubAPI, ProbotOctokit } = require('probot/lib/github');",
      "const github = new GitHubAPI({",
      "  Octokit: ProbotOctokit.plugin([AuthPlugin]),",
      "});",
      "",
    ].join("\n"),
    [
      "const { AppClient, AppClient: ProbotOctokit } = require('gh-app-kit');",
      "const github = new (ProbotOctokit.plugin([AuthPlugin]))({});",
      "",
    ].join("\n"),
  ],
  [
    "GitHubAPI called without new, with options and no Octokit, from the root module",
    "src/client.js",
    'const { GitHubAPI } = require("probot");\nconst api = GitHubAPI({ logger: log, debug: true });\n',
    'const { AppClient } = require("gh-app-kit");\nconst api = new AppClient({ logger: log, debug: true });\n',
  ],
  [
    "Octokit given among other options, written as a string key",
    "src/client.js",
    'const { GitHubAPI } = require("probot");\nconst api = GitHubAPI({ logger: log, "Octokit": Custom, debug });\n',
    'const { AppClient } = require("gh-app-kit");\nconst api = new Custom({ logger: log, debug });\n',
  ],
  [
    "GitHubAPI as a type, imported from probot/lib/github beside the wrap-logger it keeps",
    "src/query.ts",
    [
      'import { GitHubAPI } from "probot/lib/github";',
      'import { Context } from "probot";',
      "export async function query(github: GitHubAPI, context: Context): Promise<GitHubAPI> {",
      "  return github;",
      "}",
      "export const none = {} as GitHubAPI;",
      "",
    ].join("\n"),
    [
      'import { AppClient } from "gh-app-kit";',
      'import { Context } from "gh-app-kit";',
      "export async function query(github: AppClient, context: Context): Promise<AppClient> {",
      "  return github;",
      "}",
      "export const none = {} as AppClient;",
      "",
    ].join("\n"),
  ],
  [
    "a deep import of names gh-app-kit has, required rather than imported",
    "lib/octokit.js",
    "const { ProbotOctokit } = require('probot/lib/github');\nmodule.exports = ProbotOctokit.plugin([p]);\n",
    "const { AppClient } = require('gh-app-kit');\nmodule.exports = AppClient.plugin([p]);\n",
  ],
];

describe("app migrate: Probot 9's logger type, LoggerWithTarget", () => {
  it("is DeprecatedLogger, from gh-app-kit, and the reads of its bunyan target are reported", () => {
    const code = [
      'import { LoggerWithTarget } from "probot/lib/wrap-logger";',
      'import { Application } from "probot";',
      "export function createLogger(base: (...p: any[]) => void): LoggerWithTarget {",
      "  const logger: LoggerWithTarget = ((...p: any[]) => base(...p)) as any;",
      "  logger.target = logger;",
      "  return logger;",
      "}",
      "export = (app: Application) => {",
      "  app.log.target.addStream(stream);",
      "  const other = { target: 1 };",
      "  return other.target;",
      "};",
      "",
    ].join("\n");
    const migrated = migrateSource("test/mock.ts", code);
    expect(migrated.code).to.equal(
      code
        .replace(
          'import { LoggerWithTarget } from "probot/lib/wrap-logger";',
          'import { DeprecatedLogger } from "gh-app-kit";',
        )
        .replace('import { Application } from "probot";', 'import { App } from "gh-app-kit";')
        .replace("(app: Application)", "(app: App)")
        .replaceAll("LoggerWithTarget", "DeprecatedLogger"),
    );
    const targets = migrated.problems.filter((p) => /target/.test(p.message));
    expect(targets.map((p) => p.line)).to.deep.equal([5, 9]);
  });
});

describe("app migrate: Probot 9's GitHubAPI", () => {
  for (const [what, file, input, expected] of CASES) {
    it(what, () => {
      const migrated = migrateSource(file, input);
      expect(migrated.problems.map((p) => p.message)).to.deep.equal([]);
      expect(migrated.code).to.equal(expected);
      const again = migrateSource(file, migrated.code);
      expect(again.code).to.equal(migrated.code);
    });
  }

  it("reports a GitHubAPI call whose options it cannot see, which may give Octokit", () => {
    const code = 'const { GitHubAPI } = require("probot");\nconst api = GitHubAPI(options);\n';
    const migrated = migrateSource("src/client.js", code);
    expect(migrated.code).to.include("= new AppClient(options);");
    expect(migrated.problems.map((p) => p.message).join("\n")).to.match(/GitHubAPI/);
  });
});

describe("app migrate: Probot's ApplicationFunction, the type of the earlier shape", () => {
  it("is DeprecatedApplicationFunction, as the functions it types keep their (app) shape", () => {
    const code = [
      'import { Application, ApplicationFunction } from "probot";',
      "export function createApplication(opts: { appFn: ApplicationFunction }): Application {",
      "  const app = new Application();",
      "  app.load(opts.appFn);",
      "  return app;",
      "}",
      "export const appFn: ApplicationFunction = (app) => {",
      '  app.on("issues", async () => undefined);',
      "};",
      "",
    ].join("\n");
    const migrated = migrateSource("test/mock.ts", code);
    expect(migrated.code).to.equal(
      [
        'import { App, DeprecatedApplicationFunction } from "gh-app-kit";',
        "export function createApplication(opts: { appFn: DeprecatedApplicationFunction }): App {",
        "  const app = new App();",
        "  app.load(opts.appFn);",
        "  return app;",
        "}",
        "export const appFn: DeprecatedApplicationFunction = (app) => {",
        '  app.on("issues", async () => undefined);',
        "};",
        "",
      ].join("\n"),
    );
  });
});

describe("app migrate: Probot 9's number parameter of the client's issues and pulls methods", () => {
  const HANDLER = (body: string) =>
    [
      "module.exports = (app) => {",
      '  app.on("issues.labeled", async (context) => {',
      `    ${body}`,
      "  });",
      "};",
      "",
    ].join("\n");
  const CASES: ReadonlyArray<[string, string, string]> = [
    [
      "issues.get with number inside context.repo()",
      "await context.github.issues.get(context.repo({ number: config.tracking_issue }));",
      "await context.client.issues.get(context.repo({ issue_number: config.tracking_issue }));",
    ],
    [
      "pulls.get with a shorthand number",
      "await context.github.pulls.get({ owner, repo, number });",
      "await context.client.pulls.get({ owner, repo, pull_number: number });",
    ],
    [
      "a milestone's number",
      'await context.octokit.issues.updateMilestone({ ...context.repo(), number: 3, state: "closed" });',
      'await context.client.issues.updateMilestone({ ...context.repo(), milestone_number: 3, state: "closed" });',
    ],
    [
      "a call that is not the client's is left",
      "await store.issues.get({ number: 1 });",
      "await store.issues.get({ number: 1 });",
    ],
  ];
  for (const [what, input, expected] of CASES) {
    it(what, () => {
      const migrated = migrateSource("index.js", HANDLER(input));
      expect(migrated.code).to.equal(HANDLER(expected));
      expect(migrateSource("index.js", migrated.code).code).to.equal(migrated.code);
    });
  }
});

describe("app migrate: Probot 9's context.issue() given to the client's pulls methods", () => {
  it("is context.pullRequest(), whose pull_number those methods take", () => {
    const code =
      'module.exports = (app) => {\n  app.on("pull_request", async (context) => {\n    await context.github.pulls.get(context.issue());\n    await context.github.pulls.merge(context.issue({ number: 2 }));\n  });\n};\n';
    const migrated = migrateSource("index.js", code);
    expect(migrated.code).to.equal(
      'module.exports = (app) => {\n  app.on("pull_request", async (context) => {\n    await context.client.pulls.get(context.pullRequest());\n    await context.client.pulls.merge(context.pullRequest({ pull_number: 2 }));\n  });\n};\n',
    );
  });
});

describe("app migrate: Probot 7 and 8's pullRequests methods (@octokit/rest 15's name of pulls)", () => {
  it("take context.pullRequest() for context.issue(); a number is left to the client, which sends it as pull_number", () => {
    // As tommilligan/prowl-github-app (Probot 7): the pull request of an issue comment, fetched with context.issue().
    const code =
      'module.exports = (robot) => {\n  robot.on("issue_comment.created", async (context) => {\n    const { data: pr } = await context.github.pullRequests.get(\n      context.issue()\n    );\n    await context.github.pullRequests.getReviews({ owner, repo, number: pr.number });\n    await context.github.pullRequests.merge(context.issue({ number: 2 }));\n    await context.github.pullRequests.getReviewRequests(context.repo({ number: pr.number }));\n  });\n};\n';
    const migrated = migrateSource("src/events.js", code);
    expect(migrated.code).to.equal(
      'module.exports = (robot) => {\n  robot.on("issue_comment.created", async (context) => {\n    const { data: pr } = await context.client.pullRequests.get(\n      context.pullRequest()\n    );\n    await context.client.pullRequests.getReviews({ owner, repo, number: pr.number });\n    await context.client.pullRequests.merge(context.pullRequest({ pull_number: 2 }));\n    await context.client.pullRequests.getReviewRequests(context.repo({ number: pr.number }));\n  });\n};\n',
    );
    expect(migrateSource("src/events.js", migrated.code).code).to.equal(migrated.code);
  });
});

describe("app migrate: a context typed with a type of the app's own", () => {
  it("reports the renamed reads once a type, as the type's member and its objects keep github", () => {
    const code = [
      'import { Context } from "probot";',
      "interface HandlerContext { github: Context['github']; log: Context['log'] }",
      "export async function merge(context: HandlerContext) {",
      "  await context.github.pulls.merge({});",
      "  await context.github.pulls.get({});",
      "}",
      "export async function label(context: Context<'issues'>) {",
      "  await context.github.issues.addLabels({});",
      "}",
      "",
    ].join("\n");
    const migrated = migrateSource("src/handler.ts", code);
    expect(migrated.code).to.include("await context.client.pulls.merge({});");
    const own = migrated.problems.filter((p) => /HandlerContext/.test(p.message));
    expect(own.map((p) => p.line)).to.deep.equal([4]);
    const member = migrated.problems.filter((p) => /declares a member github/.test(p.message));
    expect(member.map((p) => p.line)).to.deep.equal([2]);
    expect(migrated.problems).to.have.length(2);
  });

  it("reports a context a function of the file returns as that type, or cast to it (IJ)", () => {
    // As hivemoot-bot's label-bootstrap handler: `const context = getWebhookContext(event)` with
    // `function getWebhookContext(event): WebhookContext { return event.context as WebhookContext }`.
    // tsc then refused `context.client` on WebhookContext, and the report had said nothing.
    const code = [
      "interface WebhookContext {",
      "  octokit: unknown;",
      "  log: { info: (...args: unknown[]) => void };",
      "  payload: { action: string };",
      "}",
      "function getWebhookContext(event: { context: unknown }): WebhookContext {",
      "  return event.context as WebhookContext;",
      "}",
      "export async function handle(event: { context: unknown }) {",
      "  const context = getWebhookContext(event);",
      "  await run({ octokit: context.octokit, log: context.log });",
      "}",
      "export async function other(event: { context: unknown }) {",
      "  const context = event.context as WebhookContext;",
      "  await run({ octokit: context.octokit });",
      "}",
      "declare function run(o: object): Promise<void>;",
      "",
    ].join("\n");
    const migrated = migrateSource("src/handler.ts", code);
    expect(migrated.code.match(/octokit: context\.client/g)).to.have.length(2);
    const own = migrated.problems.filter((p) => /on a context typed WebhookContext/.test(p.message));
    expect(own.map((p) => p.line)).to.deep.equal([11]);
  });

  it("says nothing of a context typed with an alias of Context, or a type from another module", () => {
    const code = [
      'import { Context } from "probot";',
      'import { IssueContext } from "./types";',
      "type PRContext = Context<'pull_request'>;",
      "export async function a(context: PRContext) {",
      "  await context.github.pulls.get({});",
      "}",
      "export async function b(context: IssueContext) {",
      "  await context.github.issues.get({});",
      "}",
      "",
    ].join("\n");
    const migrated = migrateSource("src/handler.ts", code);
    expect(migrated.code.match(/context\.client\./g)).to.have.length(2);
    expect(migrated.problems).to.deep.equal([]);
  });
});

describe("app migrate: Probot 9's number in an object of parameters spread into the client's call", () => {
  const FUNCTION = (body: string[]) =>
    [
      "export async function comment(context: Context, body: string) {",
      ...body.map((line) => `  ${line}`),
      "}",
      "",
    ].join("\n");
  it("is renamed in the const object when every use of it is such a spread", () => {
    // As offu/close-issue-app (Probot 9, TypeScript): the object is written above the call.
    const code = FUNCTION([
      "const params = {",
      "  owner: context.payload.repository.owner.login,",
      "  number: context.payload.issue.number",
      "};",
      "await context.github.issues.createComment({ body, ...params });",
      "await context.github.issues.addLabels({ ...params, labels: ['x'] });",
      "const review = { number: 2 };",
      "await context.github.pulls.get({ ...review });",
    ]);
    const migrated = migrateSource("src/api.ts", code);
    expect(migrated.code).to.equal(
      FUNCTION([
        "const params = {",
        "  owner: context.payload.repository.owner.login,",
        "  issue_number: context.payload.issue.number",
        "};",
        "await context.client.issues.createComment({ body, ...params });",
        "await context.client.issues.addLabels({ ...params, labels: ['x'] });",
        "const review = { pull_number: 2 };",
        "await context.client.pulls.get({ ...review });",
      ]),
    );
    expect(migrated.problems).to.deep.equal([]);
    expect(migrateSource("src/api.ts", migrated.code).code).to.equal(migrated.code);
  });

  it("is reported, not renamed, when two blocks of the function declare the name", () => {
    const code = FUNCTION([
      "if (body) {",
      "  const params = { number: 1 };",
      "  await context.github.issues.createComment({ body, ...params });",
      "} else {",
      "  const params = { number: 2 };",
      "  await context.github.issues.get({ ...params });",
      "}",
    ]);
    const migrated = migrateSource("src/api.ts", code);
    expect(migrated.code).to.equal(code.replace(/context\.github/g, "context.client"));
    expect(migrated.problems.map((problem) => problem.line)).to.deep.equal([4]);
  });

  it("is reported, not renamed, when the object is also read elsewhere or given to calls that want number", () => {
    const code = FUNCTION([
      "const params = { owner: 'o', repo: 'r', number: 1 };",
      "await context.github.issues.createComment({ body, ...params });",
      "log(params.number);",
      "let mutable = { number: 3 };",
      "await context.github.issues.get({ ...mutable });",
      "const both = { number: 4 };",
      "await context.github.issues.get({ ...both });",
      "await context.github.pulls.get({ ...both });",
    ]);
    const migrated = migrateSource("src/api.ts", code);
    expect(migrated.code).to.equal(code.replace(/context\.github/g, "context.client"));
    expect(migrated.problems.map((problem) => problem.line)).to.deep.equal([3, 6, 8]);
    for (const problem of migrated.problems) expect(problem.message).to.match(/number/);
  });
});
