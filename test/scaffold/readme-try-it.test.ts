import { expect } from "chai";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createNewApp } from "../../src/scaffold/create-new-app.js";
import { runBin } from "../commands/run-bin.js";

const TOKEN = "ghp_readmetrytoken0123456789abcdefABCDEFgh";

// A new app's README starts with one command to try the app. With a token in
// the shell it must still send nothing: the machine has no network, so a
// request really sent would fail the command.
describe("a new app's README: the first command", () => {
  it("is a dry run of app receive, and it runs in the new app with GITHUB_TOKEN set", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "readme-try-"));
    await createNewApp({ name: "try-app", template: "javascript", interactive: false, install: false, cwd });
    const readme = await readFile(join(cwd, "try-app", "README.md"), "utf8");
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const receive = firstBlock.split("\n").find((line) => line.includes("app receive"));
    expect(receive, firstBlock).to.match(/^npx app receive --dry-run -e issues\.opened -p \S+ \.\/index\.js$/);

    const args = receive!.replace(/^npx app /, "").split(" ");
    const result = await runBin(args, { cwd: join(cwd, "try-app"), env: { GITHUB_TOKEN: TOKEN } });
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include('"body":"Thanks for opening this issue!"');
    expect(result.stdout).to.include("Dry run: 1 handler ran for issues.opened; 1 request printed, none sent.");
    expect(result.stdout + result.stderr).not.to.include(TOKEN);
  });

  it("builds the TypeScript app before it runs", async () => {
    const cwd = await mkdtemp(join(tmpdir(), "readme-try-"));
    await createNewApp({ name: "try-ts", template: "typescript", interactive: false, install: false, cwd });
    const readme = await readFile(join(cwd, "try-ts", "README.md"), "utf8");
    expect(readme).to.include("npm run build && npx app receive --dry-run -e issues.opened");
    expect(readme).to.include("./dist/src/index.js");
  });
});
