import { expect } from "chai";
import { migrateSource } from "../../src/migrate/migrate-source.js";

// As nymous/github-project-automation (Probot 9, ts-jest): `import { Context, Octokit } from 'probot'`,
// Probot 9's re-export of @octokit/rest 16's namespace, used only for its types
// (`response.data as Octokit.ProjectsListForRepoResponse`). gh-app-kit exports no Octokit: the
// compiler stops at the import (TS2305), and ts-jest runs none of the file's tests.
describe("app migrate: Probot 9's Octokit, the namespace of @octokit/rest 16's types", () => {
  const source = [
    "import { Context, Octokit } from 'probot' // eslint-disable-line no-unused-vars",
    "",
    "export async function findProject (context: Context, name: string) {",
    "  const { data } = await context.github.projects.listForRepo(context.repo())",
    "  for (const project of data as Octokit.ProjectsListForRepoResponse) {",
    "    if (project.name === name) return project",
    "  }",
    "}",
    "",
    "export function column (project: Octokit.ProjectsGetResponse): Octokit.ProjectsGetResponse {",
    "  return project",
    "}",
    "",
  ].join("\n");

  it("is reported as the types it names, with the type to write, not as a module that fails to load", () => {
    const { problems } = migrateSource("src/lib.ts", source);
    const messages = problems.map((problem) => `${problem.line ?? 0} ${problem.message}`);
    expect(messages).to.include(
      "1 uses Probot 9's Octokit, the namespace of @octokit/rest 16's types (Octokit.ProjectsListForRepoResponse, " +
        "Octokit.ProjectsGetResponse), which gh-app-kit does not export: the compiler stops at the import (TS2305) " +
        "and at each of those types",
    );
    expect(messages.join("\n")).not.to.include("fails to load as a whole");
    const hint = problems.find((problem) => problem.message.includes("Probot 9's Octokit"))?.hint ?? "";
    expect(hint).to.include('Awaited<ReturnType<Context["client"]["projects"]["listForRepo"]>>["data"]');
  });
});
