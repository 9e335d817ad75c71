import { expect } from "chai";
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { oneLine, runBin } from "./run-bin.js";
import { runInTerminal } from "./run-in-terminal.js";

const BUILT_TESTING = fileURLToPath(new URL("../../dist/src/testing/index.js", import.meta.url));

describe("app new", () => {
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), "app-new-"));
  });
  afterEach(() => rm(cwd, { recursive: true, force: true }));

  const appNew = (args: string[]) => runBin(["new", ...args], { cwd });

  it("creates the app without installing it for --no-install", async () => {
    const result = await appNew(["my-app", "--yes", "--no-install", "--description", "Greets new issues"]);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include("Created my-app from the typescript template");
    expect(result.stdout).not.to.include("Installing");
    expect(JSON.parse(await readFile(join(cwd, "my-app", "package.json"), "utf8"))).to.include({
      description: "Greets new issues",
    });
    expect(existsSync(join(cwd, "my-app", ".gitignore"))).to.equal(true);
    expect(existsSync(join(cwd, "my-app", "node_modules"))).to.equal(false);
  });

  it("exits 2 with npm's reasons for an invalid NAME", async () => {
    const result = await appNew(["Bad Name!", "--no-install"]);
    expect(result.code).to.equal(2);
    expect(oneLine(result.stderr)).to.include(
      '"Bad Name!" cannot be the app\'s name: name can only contain URL-friendly characters',
    );
  });

  it("exits 2 for a folder that is not empty, and writes into it with --force", async () => {
    await mkdir(join(cwd, "busy"));
    await writeFile(join(cwd, "busy", "keep.txt"), "mine");
    const refused = await appNew(["busy", "--no-install"]);
    expect(refused.code).to.equal(2);
    expect(oneLine(refused.stderr)).to.include("is not empty");
    expect(existsSync(join(cwd, "busy", "package.json"))).to.equal(false);
    const forced = await appNew(["busy", "--no-install", "--force"]);
    expect(forced.code, forced.stderr).to.equal(0);
    expect(existsSync(join(cwd, "busy", "package.json"))).to.equal(true);
  });

  it("exits 2 with one line naming the templates for an unknown --template", async () => {
    const result = await appNew(["my-app", "--template", "rust"]);
    expect(result.code).to.equal(2);
    expect(result.stderr.trim()).to.equal(
      'Error: Expected --template=rust to be one of: typescript, javascript, cloudflare-worker, vercel, aws-lambda. See "app new --help".',
    );
  });

  it("writes the next steps for the package manager that runs it (pnpm create: its user agent)", async () => {
    const result = await runBin(["new", "my-app", "--yes", "--no-install"], {
      cwd,
      env: { npm_config_user_agent: "pnpm/9.15.9 npm/? node/v20.20.2 linux x64" },
    });
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.include(
      "Next: cd my-app && pnpm install, then pnpm test, and pnpm start to register the app on GitHub.",
    );
  });

  it("exits 2 with one line naming the package managers for an unknown --package-manager", async () => {
    const result = await appNew(["my-app", "--package-manager", "pip"]);
    expect(result.code).to.equal(2);
    expect(result.stderr.trim()).to.equal(
      'Error: Expected --package-manager=pip to be one of: npm, pnpm, yarn, bun. See "app new --help".',
    );
    expect(existsSync(join(cwd, "my-app"))).to.equal(false);
  });

  // A package manager that is not installed: the files stay, and the error says how to get it or what to run instead.
  it("exits 1 without a stack trace when the chosen package manager is not installed, leaving the app's files", async () => {
    const bin = join(cwd, "bin");
    await mkdir(bin);
    await symlink(process.execPath, join(bin, "node"));
    const result = await runBin(["new", "my-app", "--yes", "--package-manager", "pnpm"], {
      cwd,
      env: { PATH: bin },
    });
    expect(result.code, result.stdout + result.stderr).to.equal(1);
    const folder = join(cwd, "my-app");
    expect(oneLine(result.stderr)).to.equal(
      `Error: pnpm is not installed (there is no pnpm command), so the app's dependencies were not installed. ` +
        `Hint: The app's files are in place in ${folder}: install pnpm (npm install -g pnpm, or corepack enable pnpm) ` +
        `and run pnpm install there, or install them with another package manager (npm install there). `,
    );
    expect(result.stderr).not.to.match(/^\s+at /m);
    expect(existsSync(join(folder, "package.json"))).to.equal(true);
    expect(await readFile(join(folder, "README.md"), "utf8")).to.include("pnpm install\n");
  });

  it("asks for the name, template, description and author in a terminal", async function () {
    this.timeout(90_000);
    const result = await runInTerminal(
      ["new", "--no-install"],
      [
        { expect: "Name of the app", send: "Bad\r" },
        { expect: "capital letters", send: "\x7f\x7f\x7fasked-app\r" },
        { expect: "Template", send: "\x1b[B\x1b[B\x1b[B\r" }, // down past aws-lambda and cloudflare-worker to javascript
        { expect: "Description", send: "Asked for everything\r" },
        { expect: "Author", send: "Jane <jane@example.com>\r" },
      ],
      { cwd },
    );
    expect(result.code, result.output).to.equal(0);
    const manifest = JSON.parse(await readFile(join(cwd, "asked-app", "package.json"), "utf8"));
    expect(manifest).to.include({
      name: "asked-app",
      description: "Asked for everything",
      author: "Jane <jane@example.com>",
    });
    expect(existsSync(join(cwd, "asked-app", "index.js"))).to.equal(true);
  });

  // What CI proves for every template: it installs (the framework through
  // `file:` to this folder, which must be built), builds and passes its tests.
  describe("the generated apps", function () {
    this.timeout(15 * 60_000);

    // The Worker's, the Vercel function's and the Lambda function's tests call their handlers in Node: no
    // wrangler, Vercel CLI or AWS.
    const passing = { typescript: 1, javascript: 1, "cloudflare-worker": 2, vercel: 2, "aws-lambda": 2 };
    for (const template of ["typescript", "javascript", "cloudflare-worker", "vercel", "aws-lambda"] as const) {
      it(`installs, builds and passes its own tests: ${template}`, async () => {
        expect(existsSync(BUILT_TESTING), "run npm run build first").to.equal(true);
        const created = await runBin(["new", `${template}-app`, "--template", template, "--yes"], {
          cwd,
          env: process.env, // npm needs its configuration (registry, cache) to install
          timeoutMs: 10 * 60_000,
        });
        expect(created.code, created.stdout + created.stderr).to.equal(0);
        expect(created.stdout).to.include("Installing dependencies with npm...");
        expect(created.stdout).to.match(/ {2}npm: added \d+ packages?/);
        const folder = join(cwd, `${template}-app`);
        if (template === "typescript") {
          const build = await npm(["run", "build"], folder);
          expect(build.code, build.output).to.equal(0);
          expect(existsSync(join(folder, "dist", "src", "index.js"))).to.equal(true);
        }
        const test = await npm(["test"], folder);
        expect(test.code, test.output).to.equal(0);
        expect(test.output).to.include(`${passing[template]} passing`);
      });
    }
  });
});

function npm(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile("npm", args, { cwd, timeout: 5 * 60_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, output: stdout + stderr });
    });
  });
}
