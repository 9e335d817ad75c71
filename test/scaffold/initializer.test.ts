import { expect } from "chai";
import { existsSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runInitializer, type InitializerOptions } from "../../src/cli/initializer.js";
import { getTemplatesDir } from "../../src/scaffold/list-templates.js";

// The command line of `npm create gh-app-kit` (packages/create-gh-app-kit), in process; the
// packed initializer run by npm is tested in test/package/create-from-tarball.test.ts.
describe("npm create gh-app-kit's command line", () => {
  let cwd: string;
  let out: string[];
  let err: string[];
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), "initializer-"));
    out = [];
    err = [];
  });
  const released = {
    templatesDir: getTemplatesDir(),
    version: "1.4.2",
    overrides: { "content-type": "^2.1.0", "left-pad": "1.3.0" },
  };
  const initialize = (argv: string[], options: Partial<InitializerOptions> = {}) =>
    runInitializer(argv, {
      cwd,
      env: {},
      interactive: false,
      stdout: (line) => out.push(line),
      stderr: (line) => err.push(line),
      ...options,
    });

  it("a released initializer makes the app depend on ^its version, with the overrides it carries", async () => {
    const code = await initialize(["my-bot", "--template", "javascript", "--no-install"], { packed: released });
    expect(code, err.join("\n")).to.equal(0);
    const manifest = JSON.parse(await readFile(join(cwd, "my-bot", "package.json"), "utf8"));
    expect(manifest.dependencies).to.deep.equal({ "gh-app-kit": "^1.4.2" });
    expect(manifest.overrides).to.deep.include(released.overrides);
    expect(out[0]).to.match(/^Created my-bot from the javascript template/);
    expect(out.at(-1)).to.equal(
      "Next: cd my-bot && npm install, then npm test, and npm start to register the app on GitHub.",
    );
  });

  it("--framework wins over the version it carries", async () => {
    const code = await initialize(["my-bot", "--no-install", "--framework", "^2.0.0"], { packed: released });
    expect(code, err.join("\n")).to.equal(0);
    const manifest = JSON.parse(await readFile(join(cwd, "my-bot", "package.json"), "utf8"));
    expect(manifest.dependencies).to.deep.equal({ "gh-app-kit": "^2.0.0" });
  });

  it("refuses what app new refuses, in one line and a hint, with exit 2 and nothing written", async () => {
    expect(await initialize(["my-bot", "--template", "rust", "--no-install"], { packed: released })).to.equal(2);
    expect(err).to.deep.equal([
      'Error: There is no template "rust".',
      "Hint: Use one of: typescript, aws-lambda, cloudflare-worker, javascript, vercel.",
      'See "npm create gh-app-kit -- --help".',
    ]);
    err.length = 0;
    expect(await initialize(["My Bot", "--no-install"], { packed: released })).to.equal(2);
    expect(err[0]).to.match(/^Error: "My Bot" cannot be the app's name/);
    err.length = 0;
    expect(await initialize(["--no-install"], { packed: released })).to.equal(2);
    expect(err[0]).to.equal("Error: No NAME was given for the new app.");
    expect(existsSync(join(cwd, "my-bot"))).to.equal(false);
  });

  it("refuses an unknown flag and a second name with one line", async () => {
    expect(await initialize(["my-bot", "--templat", "javascript"])).to.equal(2);
    expect(err).to.have.length(1);
    expect(err[0]).to.match(/^Error: Unknown option '--templat'.* See "npm create gh-app-kit -- --help"\.$/);
    err.length = 0;
    expect(await initialize(["my-bot", "other"])).to.equal(2);
    expect(err).to.deep.equal(['Error: Give one NAME; also got other. See "npm create gh-app-kit -- --help".']);
  });

  it("writes the next steps for the package manager that runs it, or --package-manager", async () => {
    const pnpm = { npm_config_user_agent: "pnpm/9.15.9 npm/? node/v20.20.2 linux x64" };
    expect(await initialize(["by-pnpm", "--no-install"], { packed: released, env: pnpm })).to.equal(0);
    expect(out.at(-1)).to.equal(
      "Next: cd by-pnpm && pnpm install, then pnpm test, and pnpm start to register the app on GitHub.",
    );
    const flagged = ["by-flag", "--no-install", "--package-manager", "yarn"];
    expect(await initialize(flagged, { packed: released, env: pnpm }), err.join("\n")).to.equal(0);
    expect(out.at(-1)).to.equal(
      "Next: cd by-flag && yarn install, then yarn test, and yarn start to register the app on GitHub.",
    );
  });

  it("refuses a package manager it does not know with one line, and writes nothing", async () => {
    expect(await initialize(["my-bot", "--no-install", "--package-manager", "pip"], { packed: released })).to.equal(2);
    expect(err).to.deep.equal([
      'Error: --package-manager pip: expected one of npm, pnpm, yarn, bun. See "npm create gh-app-kit -- --help".',
    ]);
    expect(existsSync(join(cwd, "my-bot"))).to.equal(false);
  });

  it("--help lists the flags of app new", async () => {
    expect(await initialize(["--help"])).to.equal(0);
    for (const flag of [
      "--template",
      "--description",
      "--author",
      "--framework",
      "--package-manager",
      "--yes",
      "--force",
      "--no-install",
    ])
      expect(out.join("\n")).to.include(flag);
  });
});
