import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/**
 * [what it shows, file, source, expected source]: an event context the app names neither `context`
 * nor `ctx`, known as one by its type under another name (an import alias, a type alias, an
 * interface that extends it, a JSDoc `@param`), or as a handler given to `app.on` by name. Its
 * `octokit` is undefined here (the client is `client`), so every one of them must be renamed.
 */
const CASES: ReadonlyArray<[string, string, string, string]> = [
  [
    "a parameter typed with an alias of Context's import",
    "src/handlers.ts",
    [
      'import { Context as ProbotContext } from "probot";',
      'export async function onOpened(event: ProbotContext<"issues.opened">) {',
      '  await event.octokit.issues.createComment(event.issue({ body: "Thanks!" }));',
      "}",
      "",
    ].join("\n"),
    [
      'import { Context as ProbotContext } from "gh-app-kit";',
      'export async function onOpened(event: ProbotContext<"issues.opened">) {',
      '  await event.client.issues.createComment(event.issue({ body: "Thanks!" }));',
      "}",
      "",
    ].join("\n"),
  ],
  [
    "a type alias of Context, an alias of that alias, and an interface extending it",
    "src/types.ts",
    [
      'import type { Context } from "probot";',
      'type IssueEvent = Context<"issues.opened"> | Context<"issues.reopened">;',
      "type Event = IssueEvent;",
      'interface PushEvent extends Context<"push"> {}',
      "interface Ext extends Event { extra: string }",
      "export const ext = (x: Ext) => x.octokit;",
      "export const label = (e: Event) => e.octokit.issues.addLabels(e.issue({ labels: ['x'] }));",
      "export const push = (p: PushEvent) => p.octokit.repos.get(p.repo());",
      "export function optional(o?: Event) {",
      "  return o?.octokit;",
      "}",
      "",
    ].join("\n"),
    [
      'import type { Context } from "gh-app-kit";',
      'type IssueEvent = Context<"issues.opened"> | Context<"issues.reopened">;',
      "type Event = IssueEvent;",
      'interface PushEvent extends Context<"push"> {}',
      "interface Ext extends Event { extra: string }",
      "export const ext = (x: Ext) => x.client;",
      "export const label = (e: Event) => e.client.issues.addLabels(e.issue({ labels: ['x'] }));",
      "export const push = (p: PushEvent) => p.client.repos.get(p.repo());",
      "export function optional(o?: Event) {",
      "  return o?.client;",
      "}",
      "",
    ].join("\n"),
  ],
  [
    "handlers given to app.on by name: a function declaration and a const arrow function",
    "index.js",
    [
      "module.exports = ({ app }) => {",
      '  app.on("issues.opened", onOpened);',
      '  app.on(["issues.edited", "issues.reopened"], onEdited);',
      "};",
      "async function onOpened(c) {",
      '  await c.octokit.issues.createComment(c.issue({ body: "hi" }));',
      "}",
      "const onEdited = async (e) => {",
      "  const { octokit } = e;",
      "  await octokit.issues.get(e.issue());",
      "};",
      "",
    ].join("\n"),
    [
      "module.exports = ({ app }) => {",
      '  app.on("issues.opened", onOpened);',
      '  app.on(["issues.edited", "issues.reopened"], onEdited);',
      "};",
      "async function onOpened(c) {",
      '  await c.client.issues.createComment(c.issue({ body: "hi" }));',
      "}",
      "const onEdited = async (e) => {",
      "  const { client } = e;",
      "  await client.issues.get(e.issue());",
      "};",
      "",
    ].join("\n"),
  ],
  [
    "a JSDoc @param typed with probot's Context, by import type or by a typedef",
    "lib/helpers.js",
    [
      "/** @typedef {import('probot').Context<'issues'>} IssueContext */",
      "",
      "/**",
      " * @param {import('probot').Context} c the event",
      " * @param {string} label",
      " */",
      "async function addLabel(c, label) {",
      "  return c.octokit.issues.addLabels(c.issue({ labels: [label] }));",
      "}",
      "/** @param {IssueContext} ev */",
      "const close = (ev) => ev.octokit.issues.update(ev.issue({ state: 'closed' }));",
      "module.exports = { addLabel, close };",
      "",
    ].join("\n"),
    [
      "/** @typedef {import('gh-app-kit').Context<'issues'>} IssueContext */",
      "",
      "/**",
      " * @param {import('gh-app-kit').Context} c the event",
      " * @param {string} label",
      " */",
      "async function addLabel(c, label) {",
      "  return c.client.issues.addLabels(c.issue({ labels: [label] }));",
      "}",
      "/** @param {IssueContext} ev */",
      "const close = (ev) => ev.client.issues.update(ev.issue({ state: 'closed' }));",
      "module.exports = { addLabel, close };",
      "",
    ].join("\n"),
  ],
  [
    "a variable that holds a context the test builds with Probot's constructor, under its own name",
    "test/context.test.ts",
    [
      'import { Context as ProbotContext, ProbotOctokit } from "probot";',
      "const octokit = new ProbotOctokit();",
      'const built = new ProbotContext({ id: "1", name: "issues", payload }, octokit, log);',
      "expect(built.octokit).toBe(octokit);",
      "",
    ].join("\n"),
    [
      'import { Context as ProbotContext, AppClient } from "gh-app-kit";',
      "const octokit = new AppClient();",
      'const built = new ProbotContext({ id: "1", name: "issues", payload }, octokit, log);',
      "expect(built.client).toBe(octokit);",
      "",
    ].join("\n"),
  ],
];

describe("app migrate: event contexts known by their type or by being a handler", () => {
  for (const [title, file, source, expected] of CASES) {
    it(title, () => {
      const migrated = migrateSource(file, source);
      expect(migrated.code).to.equal(expected);
      expect(migrated.problems).to.deep.equal([]);
    });
  }

  it("leaves alone a parameter typed with another package's type, and a function no app.on is given", () => {
    const source = [
      'import type { Context as KoaContext } from "koa";',
      'import { Context } from "./own-context";',
      'import { Probot } from "probot";',
      "export const view = (k: KoaContext) => k.octokit;",
      "const own = new Context();",
      "export const ownClient = own.octokit;",
      "export function notAHandler(x) {",
      "  return x.octokit;",
      "}",
      "",
    ].join("\n");
    const migrated = migrateSource("src/mixed.ts", source).code;
    expect(migrated).to.include("(k: KoaContext) => k.octokit;");
    expect(migrated).to.include("return x.octokit;");
    expect(migrated).to.include("own.octokit;");
  });
});
