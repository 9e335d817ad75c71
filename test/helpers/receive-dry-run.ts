import { expect } from "chai";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * `app receive --dry-run` on a one-handler app written into `project`, run through a package
 * manager's own way of starting a bin (`run(["app", ...args])` or `["exec", "app", ...args]`):
 * the handler's comment is printed, not sent.
 */
export async function expectReceiveDryRun(
  project: string,
  run: (args: string[]) => Promise<{ code: number; stdout: string; stderr: string }>,
  prefix: string[] = [],
): Promise<void> {
  await writeFile(
    join(project, "index.js"),
    'module.exports = ({ app }) => app.on("issues.opened", (context) => context.client.issues.createComment(context.issue({ body: "hi" })));\n',
  );
  const payload = { action: "opened", issue: { number: 1 }, repository: { name: "r", owner: { login: "o" } } };
  await writeFile(join(project, "payload.json"), JSON.stringify(payload));
  const args = ["app", "receive", "--dry-run", "-e", "issues.opened", "-p", "payload.json", "./index.js"];
  const result = await run([...prefix, ...args]);
  expect(result.code, result.stdout + result.stderr).to.equal(0);
  expect(result.stdout).to.include("Dry run: POST https://api.github.com/repos/o/r/issues/1/comments");
}
