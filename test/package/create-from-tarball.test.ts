import { expect } from "chai";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { runBin } from "../commands/run-bin.js";
import { runInTerminal, type TerminalStep } from "../commands/run-in-terminal.js";

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

/** Both folders hold the same files, byte for byte, but for the app's name. */
async function expectSameApp(byAppNew: string, byNpmCreate: string, names?: [string, string]) {
  const [expected, actual] = [await tree(byAppNew), await tree(byNpmCreate)];
  expect([...actual.keys()].sort()).to.deep.equal([...expected.keys()].sort());
  expect(expected.size).to.be.greaterThan(5);
  for (const [path, bytes] of expected) {
    const text = Buffer.from(bytes, "base64").toString("utf8");
    expect(Buffer.from(actual.get(path)!, "base64").toString("utf8"), path).to.equal(
      names ? text.replaceAll(...names) : text,
    );
  }
}

/** Every file of a folder (not installed), by relative path, with its bytes. */
async function tree(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile()) files.set(relative(folder, path), (await readFile(path)).toString("base64"));
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
  // Each app installed here is about 250 MB.
  afterEach(() => rm(cwd, { recursive: true, force: true }));

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
    expect(manifest.overrides).to.deep.include(frameworkManifest.overrides);

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

      await expectSameApp(join(cwd, "by-app-new"), join(cwd, "by-npm-create"), ["by-app-new", "by-npm-create"]);
    });
  }

  it("asks the same questions as app new in a terminal, and writes the same app from the answers", async () => {
    const answers: TerminalStep[] = [
      { expect: "Name of the app", send: "asked-app\r" },
      { expect: "Template", send: "\x1b[B\x1b[B\x1b[B\r" }, // down past aws-lambda and cloudflare-worker to javascript
      { expect: "Description", send: "Asked for everything\r" },
      { expect: "Author", send: "Jane <jane@example.com>\r" },
    ];
    const flags = ["--no-install", "--framework", `file:${framework}`];
    const [first, second] = [join(cwd, "app-new"), join(cwd, "npm-create")];
    await Promise.all([mkdir(first), mkdir(second)]);
    const made = await runInTerminal(["new", ...flags], answers, { cwd: first });
    expect(made.code, made.output).to.equal(0);
    const npmExec = ["npm", "exec", "--yes", `--package=${initializer}`, "--", "create-gh-app-kit"];
    const created = await runInTerminal(flags, answers, { cwd: second, command: npmExec, stepTimeoutSeconds: 60 });
    expect(created.code, created.output).to.equal(0);
    expect(created.output).to.include("Created asked-app from the javascript template");
    const manifest = JSON.parse(await readFile(join(second, "asked-app", "package.json"), "utf8"));
    expect(manifest).to.include({ description: "Asked for everything", author: "Jane <jane@example.com>" });
    await expectSameApp(join(first, "asked-app"), join(second, "asked-app"));
  });

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
