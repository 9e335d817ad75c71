import { expect } from "chai";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createNewApp } from "../../src/scaffold/create-new-app.js";
import { runBin } from "../commands/run-bin.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// What a user gets from the packed package, on the Node running this test
// (.ci/node-smoke runs it on the other lines): `app new` with the tarball,
// then npm install from the registry, with no EBADENGINE warning.
describe("a new app made from the packed tarball", function () {
  this.timeout(12 * 60_000);
  let tarball: string;
  let cwd: string;

  before(async () => {
    expect(existsSync(join(ROOT, "dist", "commands")), "run npm run build first").to.equal(true);
    const packs = await mkdtemp(join(tmpdir(), "packed-"));
    const { stdout } = await promisify(execFile)(
      "npm",
      ["pack", ROOT, "--pack-destination", packs, "--ignore-scripts", "--json"],
      { cwd: packs, maxBuffer: 16 * 1024 * 1024 },
    );
    tarball = join(packs, (JSON.parse(stdout) as Array<{ filename: string }>)[0]!.filename);
  });
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), "from-tarball-"));
  });
  // Each app installed here is about 90 MB.
  afterEach(() => rm(cwd, { recursive: true, force: true }));

  it(`installs on Node ${process.version} without EBADENGINE`, async () => {
    const created = await runBin(
      ["new", "tarball-app", "--template", "javascript", "--yes", "--framework", `file:${tarball}`],
      { cwd, env: process.env, timeoutMs: 10 * 60_000 },
    );
    const output = created.stdout + created.stderr;
    expect(created.code, output).to.equal(0);
    expect(output).to.match(/npm: added \d+ packages?/);
    expect(output).not.to.include("EBADENGINE");
    // Nor any other warning: npm 11.16+ lists dependencies whose install scripts no allowScripts entry covers.
    expect(output).not.to.include("npm warn");
    const manifest = JSON.parse(await readFile(join(cwd, "tarball-app", "package.json"), "utf8"));
    expect(manifest.dependencies["gh-app-kit"]).to.equal(`file:${tarball}`);
  });

  it("copies a tarball from npm's cache into the app instead of depending on the cache", async () => {
    const cache = join(cwd, ".npm", "_npx", "0123abcd");
    await mkdir(cache, { recursive: true });
    await copyFile(tarball, join(cache, "gh-app-kit-0.0.0-development.tgz"));
    await createNewApp({
      name: "cached-app",
      template: "javascript",
      framework: `file:${join(cache, "gh-app-kit-0.0.0-development.tgz")}`,
      interactive: false,
      install: false,
      cwd,
    });
    const manifest = JSON.parse(await readFile(join(cwd, "cached-app", "package.json"), "utf8"));
    expect(manifest.dependencies["gh-app-kit"]).to.equal("file:./gh-app-kit-0.0.0-development.tgz");
    expect(existsSync(join(cwd, "cached-app", "gh-app-kit-0.0.0-development.tgz"))).to.equal(true);
  });

  it("packs a framework folder found in npm's cache into the app (npm create with unreleased tarballs)", async () => {
    const cached = join(cwd, ".npm", "_npx", "0123abcd", "node_modules", "gh-app-kit");
    await mkdir(dirname(cached), { recursive: true });
    await symlink(ROOT, cached);
    await createNewApp({
      name: "packed-app",
      template: "javascript",
      framework: `file:${cached}`,
      interactive: false,
      install: false,
      cwd,
    });
    const manifest = JSON.parse(await readFile(join(cwd, "packed-app", "package.json"), "utf8"));
    expect(manifest.dependencies["gh-app-kit"]).to.equal("file:./gh-app-kit-0.0.0-development.tgz");
    expect(existsSync(join(cwd, "packed-app", "gh-app-kit-0.0.0-development.tgz"))).to.equal(true);
  });
});
