import { expect } from "chai";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expectReceiveDryRun } from "../helpers/receive-dry-run.js";
import { exec, YARN_CACHE, yarnBin } from "../helpers/test-tools.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

// What a CommonJS app of a Yarn Plug'n'Play project does: require the package, and an App from it
// receives an event. Node's require() of an ES module cannot read a package inside yarn's zip
// archives, which only yarn's asynchronous loader hooks can.
const SCRIPT = `
const { App, AppClient } = require("gh-app-kit");
const { createTestApp } = require("gh-app-kit/testing");
const app = new App({ platformToken: "t", Client: AppClient });
const seen = [];
app.on("issues.opened", async (context) => { seen.push(context.payload.issue.number); });
app
  .receive({ id: "d-1", name: "issues", payload: { action: "opened", issue: { number: 7 } } })
  .then(() => console.log(JSON.stringify({ seen, testing: typeof createTestApp })));
`;

describe("the package in a Yarn Plug'n'Play project (yarn 4, npm pack)", function () {
  this.timeout(600_000);
  let folder: string;
  let project: string;
  let yarn: (args: string[]) => ReturnType<typeof exec>;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "gh-app-kit-pnp-"));
    const packed = await exec("npm", ["pack", "--pack-destination", folder, "--loglevel=error"], { cwd: root });
    expect(packed.code, packed.stderr).to.equal(0);
    const tarball = packed.stdout.trim().split("\n").pop()!;
    project = join(folder, "project");
    await exec("mkdir", ["-p", project], { cwd: folder });
    await writeFile(
      join(project, "package.json"),
      JSON.stringify({ name: "pnp-app", private: true, dependencies: { "gh-app-kit": `file:../${tarball}` } }),
    );
    const registry = process.env.npm_config_registry ?? "https://registry.npmjs.org";
    await writeFile(
      join(project, ".yarnrc.yml"),
      [
        "nodeLinker: pnp",
        "enableGlobalCache: false",
        `cacheFolder: ${JSON.stringify(YARN_CACHE)}`,
        "enableImmutableInstalls: false",
        "enableTelemetry: false",
        `npmRegistryServer: ${JSON.stringify(registry)}`,
        "",
      ].join("\n"),
    );
    const bin = await yarnBin();
    yarn = (args) => exec(process.execPath, [bin, ...args], { cwd: project, timeout: 300_000 });
    const installed = await yarn(["install"]);
    expect(installed.code, installed.stdout + installed.stderr).to.equal(0);
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it("loads through require() from CommonJS, and an App receives an event", async () => {
    const result = await yarn(["node", "-e", SCRIPT]);
    expect(result.code, result.stdout + result.stderr).to.equal(0);
    expect(JSON.parse(result.stdout.trim().split("\n").pop()!)).to.deep.equal({ seen: [7], testing: "function" });
  });

  it("runs the CLI (an ES module) on an app: app receive --dry-run", async () => {
    await expectReceiveDryRun(project, yarn);
  });
});
