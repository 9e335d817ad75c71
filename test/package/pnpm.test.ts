import { expect } from "chai";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expectReceiveDryRun } from "../helpers/receive-dry-run.js";
import { exec, PNPM_STORE, pnpmBin } from "../helpers/test-tools.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

// pnpm's node_modules holds only what a package declares: an import inside the package of a
// dependency it does not declare (one npm's hoisting happens to place) fails here.
const SCRIPT = `
const cjs = require("gh-app-kit");
const cjsTesting = require("gh-app-kit/testing");
(async () => {
  const esm = await import("gh-app-kit");
  const esmTesting = await import("gh-app-kit/testing");
  const platform = await cjsTesting.startFakePlatform();
  try {
    const { receive } = await cjsTesting.createTestApp({
      platform,
      appFn: ({ app }) => app.on("issues.opened", (context) => context.client.issues.createComment(context.issue({ body: "hi" }))),
    });
    await receive("issues.opened", { action: "opened", issue: { number: 7 }, repository: { name: "r", owner: { login: "o" } }, installation: { id: 1 } });
    console.log(JSON.stringify({
      App: cjs.App === esm.App,
      testing: cjsTesting.createTestApp === esmTesting.createTestApp,
      requests: platform.requests.map((r) => r.method + " " + r.path).filter((r) => r.includes("/comments")),
    }));
  } finally {
    await platform.close();
  }
})();
`;

describe("the package in a pnpm project (pnpm 9, npm pack)", function () {
  this.timeout(600_000);
  let folder: string;
  let project: string;
  let pnpm: (args: string[]) => ReturnType<typeof exec>;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "gh-app-kit-pnpm-"));
    const packed = await exec("npm", ["pack", "--pack-destination", folder, "--loglevel=error"], { cwd: root });
    expect(packed.code, packed.stderr).to.equal(0);
    const tarball = packed.stdout.trim().split("\n").pop()!;
    project = join(folder, "project");
    await mkdir(project);
    await writeFile(
      join(project, "package.json"),
      JSON.stringify({ name: "pnpm-app", private: true, dependencies: { "gh-app-kit": `file:../${tarball}` } }),
    );
    const bin = await pnpmBin();
    pnpm = (args) => exec(process.execPath, [bin, ...args], { cwd: project, timeout: 300_000 });
    const registry = process.env.npm_config_registry ?? "https://registry.npmjs.org";
    const installed = await pnpm([
      "install",
      `--store-dir=${PNPM_STORE}`,
      `--registry=${registry}`,
      "--reporter=append-only",
    ]);
    expect(installed.code, installed.stdout + installed.stderr).to.equal(0);
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it("loads through require() and import(), and an App receives an event and calls the platform", async () => {
    const result = await exec(process.execPath, ["-e", SCRIPT], { cwd: project });
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    expect(JSON.parse(result.stdout.trim().split("\n").pop()!)).to.deep.equal({
      App: true,
      testing: true,
      requests: ["POST /repos/o/r/issues/7/comments"],
    });
  });

  it("runs the CLI (its bin, as pnpm links it): app receive --dry-run", async () => {
    await expectReceiveDryRun(project, pnpm, ["exec"]);
  });
});
