import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

/**
 * [what it shows, source, expected source]: objects typed with Probot's `Options` are options for
 * `new Probot(...)`, wherever they are built, so their keys are Probot's: `Octokit` and `githubToken`
 * are renamed as in a call, and the type becomes `AppOptions`, which has no `Octokit` (TS2353).
 */
const CASES: ReadonlyArray<[string, string, string]> = [
  [
    "a variable typed Options, returned by a helper of the tests (as advanced-security/probot-security-alerts')",
    [
      'import { Probot, ProbotOctokit, Options } from "probot";',
      "export function getDefaultProbotOptions(): Options {",
      "  const options: Options = {",
      "    appId: 123,",
      '    privateKey: "key",',
      "    Octokit: ProbotOctokit.defaults({ retry: { enabled: false }, throttle: { enabled: false } }),",
      '    logLevel: "fatal",',
      "  };",
      "  return options;",
      "}",
      "export const getProbot = (options?: Options) => new Probot(options ?? getDefaultProbotOptions());",
      "",
    ].join("\n"),
    [
      'import { App, AppClient, AppOptions } from "gh-app-kit";',
      "export function getDefaultProbotOptions(): AppOptions {",
      "  const options: AppOptions = {",
      "    appId: 123,",
      '    privateKey: "key",',
      "    Client: AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } }),",
      '    logLevel: "fatal",',
      "  };",
      "  return options;",
      "}",
      "export const getProbot = (options?: AppOptions) => new App(options ?? getDefaultProbotOptions());",
      "",
    ].join("\n"),
  ],
  [
    "an object returned from a function whose return type is Options, and an arrow's object body",
    [
      'import type { Options } from "probot";',
      "export function options(token: string): Options {",
      "  return { githubToken: token, Octokit: Fake };",
      "}",
      "export const more = (githubToken: string): Options => ({ githubToken, Octokit: Fake });",
      "",
    ].join("\n"),
    [
      'import type { AppOptions } from "gh-app-kit";',
      "export function options(token: string): AppOptions {",
      "  return { platformToken: token, Client: Fake };",
      "}",
      "export const more = (githubToken: string): AppOptions => ({ platformToken: githubToken, Client: Fake });",
      "",
    ].join("\n"),
  ],
  [
    "`as Options`, `satisfies Options` and Options through a namespace import",
    [
      'import * as probot from "probot";',
      "const a = { Octokit: Fake } as probot.Options;",
      "const b = { githubToken: token } satisfies probot.Options;",
      "const c: probot.Options = { Octokit: Fake };",
      "",
    ].join("\n"),
    [
      'import * as probot from "gh-app-kit";',
      "const a = { Client: Fake } as probot.AppOptions;",
      "const b = { platformToken: token } satisfies probot.AppOptions;",
      "const c: probot.AppOptions = { Client: Fake };",
      "",
    ].join("\n"),
  ],
];

describe("app migrate on objects typed with Probot's Options", () => {
  for (const [what, source, expected] of CASES) {
    it(what, () => {
      const result = migrateSource("test/utils/helpers.ts", source);
      expect(result.code).to.equal(expected);
      expect(result.problems.map((p) => p.message)).to.not.include("an object has an Octokit key");
    });
  }

  it("leaves the keys of an object typed with an Options of the app's own", () => {
    const source = [
      'import { Probot } from "probot";',
      "type Options = { Octokit: unknown; githubToken: string };",
      'const own: Options = { Octokit: null, githubToken: "x" };',
      "export default (app: Probot) => app.log.info(own);",
      "",
    ].join("\n");
    const result = migrateSource("src/index.ts", source);
    expect(result.code).to.include('const own: Options = { Octokit: null, githubToken: "x" };');
  });
});
