import { expect } from "chai";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { runBin } from "../commands/run-bin.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CREATE = join(ROOT, "packages", "create-gh-app-kit");

type Ran = { code: number; output: string; stdout: string; stderr: string };

/** A command with npm's own configuration (registry, cache), resolving with its exit code whatever it is. */
function run(command: string, args: readonly string[], cwd: string, timeoutMs = 10 * 60_000): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: { ...process.env, NO_COLOR: "1" }, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr, output: stdout + stderr });
      },
    );
  });
}

/**
 * The command docs/start-here.md gives for trying `npm create` from a clone (`npm exec` with
 * the packed tarballs), its /tmp/ paths pointed at `packs`. `--yes` answers npm's "Ok to
 * proceed?", as a user at a terminal does.
 */
async function documentedTrial(packs: string): Promise<string[]> {
  const page = await readFile(join(ROOT, "docs", "start-here.md"), "utf8");
  const command = /^npm exec (?:[^\n]*\\\n)*[^\n]*/m.exec(page)?.[0];
  expect(command, "docs/start-here.md gives an npm exec command").to.be.a("string");
  const words = command!
    .replace(/\\\n/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replaceAll("/tmp/", `${packs}/`));
  expect(words.slice(0, 2)).to.deep.equal(["npm", "exec"]);
  return ["exec", "--yes", ...words.slice(2)];
}

/** Every file of a folder (node_modules and the lock left out), by relative path, with its bytes. */
async function tree(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() || path.includes(`${join(folder, "node_modules")}`)) continue;
    files.set(relative(folder, path), (await readFile(path)).toString("base64"));
  }
  return files;
}

// `npm create gh-app-kit` as a user runs it, from the packed tarballs, on the Node running this
// test (.ci/node-smoke runs it on 22 too): npm installs the initializer itself, the initializer
// writes the app and installs it, and none of it may print a warning on a supported Node.
describe("npm create gh-app-kit from the packed tarballs", function () {
  this.timeout(12 * 60_000);
  let packs: string;
  let framework: string;
  let initializer: string;
  let cwd: string;

  before(async () => {
    expect(existsSync(join(ROOT, "dist", "commands")), "run npm run build first").to.equal(true);
    packs = await mkdtemp(join(tmpdir(), "packed-create-"));
    // As docs/start-here.md does it: the framework, then the initializer (which builds itself on npm pack).
    for (const folder of [ROOT, CREATE]) {
      const packed = await run("npm", ["pack", folder, "--pack-destination", packs, "--json"], packs);
      expect(packed.code, packed.output).to.equal(0);
    }
    framework = join(packs, "gh-app-kit-0.0.0-development.tgz");
    initializer = join(packs, "create-gh-app-kit-0.0.0-development.tgz");
    expect(existsSync(framework) && existsSync(initializer), (await readdir(packs)).join(", ")).to.equal(true);
  });
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), "npm-create-"));
  });

  it(`installs on Node ${process.version} without a warning, as docs/start-here.md gives it, and the app passes its tests`, async () => {
    const trial = await documentedTrial(packs);
    const created = await run("npm", [...trial, "--template", "javascript", "--yes"], cwd);
    expect(created.code, created.output).to.equal(0);
    expect(created.output).to.match(/npm: added \d+ packages?/);
    expect(created.output).not.to.include("EBADENGINE");
    expect(created.output).not.to.include("npm warn");

    const app = join(cwd, "my-bot");
    const manifest = JSON.parse(await readFile(join(app, "package.json"), "utf8"));
    // Never a path into npm's cache: the tarball as given, outside it.
    expect(manifest.dependencies["gh-app-kit"]).to.equal(`file:${framework}`);
    const frameworkManifest = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8"));
    expect(manifest.overrides).to.deep.equal(frameworkManifest.overrides);

    const tested = await run("npm", ["test"], app);
    expect(tested.code, tested.output).to.equal(0);
    expect(tested.output).to.include("1 passing");
  });

  const ANSWERS: ReadonlyArray<readonly string[]> = [
    ["--yes"],
    ["--template", "javascript", "--description", "Labels new issues", "--author", "Jane Doe <jane@example.com>"],
    ["--template", "cloudflare-worker", "--yes"],
    ["--template", "vercel", "--description", 'Says "hi"', "--yes"],
  ];
  for (const answers of ANSWERS) {
    it(`writes the same app as app new for the same answers: ${answers.join(" ")}`, async () => {
      const common = ["--framework", `file:${framework}`, "--no-install", ...answers];
      const made = await runBin(["new", "by-app-new", ...common], { cwd, env: process.env });
      expect(made.code, made.stdout + made.stderr).to.equal(0);
      const created = await run(
        "npm",
        ["exec", "--yes", `--package=${initializer}`, "--", "create-gh-app-kit", "by-npm-create", ...common],
        cwd,
      );
      expect(created.code, created.output).to.equal(0);
      expect(created.output).not.to.include("npm warn");

      const [byAppNew, byNpmCreate] = [await tree(join(cwd, "by-app-new")), await tree(join(cwd, "by-npm-create"))];
      expect([...byNpmCreate.keys()].sort()).to.deep.equal([...byAppNew.keys()].sort());
      expect(byAppNew.size).to.be.greaterThan(5);
      for (const [path, bytes] of byAppNew) {
        const expected = Buffer.from(bytes, "base64").toString("utf8").replaceAll("by-app-new", "by-npm-create");
        expect(Buffer.from(byNpmCreate.get(path)!, "base64").toString("utf8"), path).to.equal(expected);
      }
    });
  }

  it("an unreleased initializer without --framework says what to pass (a usage error, exit 2)", async () => {
    const created = await run(
      "npm",
      ["exec", "--yes", `--package=${initializer}`, "--", "create-gh-app-kit", "my-bot", "--yes", "--no-install"],
      cwd,
    );
    expect(created.code, created.output).to.equal(2);
    expect(created.stderr).to.match(/^Error: .*0\.0\.0-development.*\nHint: .*--framework file:.*\nSee "npm create/m);
    expect(created.output).not.to.match(/\n\s+at /);
    expect(existsSync(join(cwd, "my-bot"))).to.equal(false);
  });
});
