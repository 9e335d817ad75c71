import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/**
 * [what it shows, source, expected source]: a TypeScript app's own type for the part of the context it
 * uses (`{ octokit: ProbotOctokit; log: Logger }`), whose `context.octokit` uses and `{ octokit }`
 * doubles become `client`: its member must be renamed with them, or neither the app nor its tests
 * compile (TS2339 and TS2353).
 */
const CASES: ReadonlyArray<[string, string, string]> = [
  [
    "an interface whose octokit is InstanceType<typeof ProbotOctokit> (advanced-security/probot-security-alerts)",
    [
      "import {ProbotOctokit, Logger} from 'probot';",
      "export interface OctokitContext {",
      "  octokit: InstanceType<typeof ProbotOctokit>;",
      "  log: Logger;",
      "}",
      "export interface CustomWebhookEventContext<T = unknown> {",
      "  id: string;",
      "  octokit: InstanceType<typeof ProbotOctokit>;",
      "  payload: T;",
      "}",
      "",
    ].join("\n"),
    [
      "import {AppClient, Logger} from 'gh-app-kit';",
      "export interface OctokitContext {",
      "  client: InstanceType<typeof AppClient>;",
      "  log: Logger;",
      "}",
      "export interface CustomWebhookEventContext<T = unknown> {",
      "  id: string;",
      "  client: InstanceType<typeof AppClient>;",
      "  payload: T;",
      "}",
      "",
    ].join("\n"),
  ],
  [
    "type literals whose octokit is ProbotOctokit, Context['octokit'] or Probot 10's github",
    [
      'import type { Context, ProbotOctokit } from "probot";',
      "type Small = { octokit: ProbotOctokit; log: Context['log'] };",
      'type Typed = { readonly octokit?: Context["octokit"] };',
      "type Old = { github: InstanceType<typeof ProbotOctokit> };",
      "export async function label(context: Small) {",
      '  await context.octokit.issues.addLabels({ owner: "o", repo: "r", issue_number: 1, labels: ["x"] });',
      "}",
      "",
    ].join("\n"),
    [
      'import type { Context, AppClient } from "gh-app-kit";',
      "type Small = { client: AppClient; log: Context['log'] };",
      'type Typed = { readonly client?: Context["client"] };',
      "type Old = { client: InstanceType<typeof AppClient> };",
      "export async function label(context: Small) {",
      '  await context.client.issues.addLabels({ owner: "o", repo: "r", issue_number: 1, labels: ["x"] });',
      "}",
      "",
    ].join("\n"),
  ],
];

describe("app migrate on an app's own types for the context", () => {
  for (const [what, source, expected] of CASES) {
    it(what, () => {
      expect(migrateSource("src/events/types.ts", source).code).to.equal(expected);
    });
  }

  it("leaves an octokit member whose type is not Probot's client", () => {
    const source = [
      'import { Octokit } from "@octokit/rest";',
      'import type { Probot } from "probot";',
      "interface Deps { octokit: Octokit; token: string }",
      "export default (app: Probot, deps: Deps) => app.log.info(deps.token);",
      "",
    ].join("\n");
    expect(migrateSource("src/index.ts", source).code).to.include("interface Deps { octokit: Octokit; token: string }");
  });
});
