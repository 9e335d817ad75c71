import { expect } from "chai";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isAppError } from "../../src/errors.js";
import { createNewApp, type NewAppOptions } from "../../src/scaffold/create-new-app.js";
import { getFrameworkSpec } from "../../src/scaffold/get-framework-spec.js";
import { listTemplates, getTemplatesDir } from "../../src/scaffold/list-templates.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");

describe("createNewApp", () => {
  let cwd: string;
  beforeEach(async () => {
    cwd = await mkdtemp(join(tmpdir(), "new-app-"));
  });

  const create = (options: Partial<NewAppOptions>) =>
    createNewApp({ interactive: false, install: false, cwd, ...options });
  const failure = (options: Partial<NewAppOptions>) =>
    create(options).then(
      () => expect.fail("expected a rejection"),
      (error: unknown) => error,
    );

  it("writes the common files and the template's, with the placeholders filled in", async () => {
    const result = await create({
      name: "my-app",
      description: 'Labels "new" issues',
      author: "Jane <jane@example.com>",
    });
    expect(result.template).to.equal("typescript");
    expect(result.files).to.have.members([
      ".env.example",
      ".gitignore",
      "README.md",
      "app.yml",
      "package.json",
      "src/index.ts",
      "test/fixtures/issues.opened.json",
      "test/index.test.ts",
      "tsconfig.json",
    ]);
    const manifest = JSON.parse(await readFile(join(cwd, "my-app", "package.json"), "utf8"));
    expect(manifest).to.include({
      name: "my-app",
      description: 'Labels "new" issues',
      author: "Jane <jane@example.com>",
    });
    expect(manifest.scripts.start).to.match(/^(tsc && )?app run /);
    expect(manifest.dependencies["gh-app-kit"]).to.equal(`file:${ROOT}`);
    expect(await readFile(join(cwd, "my-app", "README.md"), "utf8")).to.match(/^# my-app\n\nLabels "new" issues\n/);
    expect(existsSync(join(cwd, "my-app", "description.txt"))).to.equal(false);
  });

  it("uses the --framework spec and the javascript template", async () => {
    await create({ name: "@me/js-app", template: "javascript", framework: "^1.2.3" });
    const manifest = JSON.parse(await readFile(join(cwd, "js-app", "package.json"), "utf8"));
    expect(manifest).to.include({ name: "@me/js-app" });
    expect(manifest.dependencies).to.deep.equal({ "gh-app-kit": "^1.2.3" });
    expect(existsSync(join(cwd, "js-app", "index.js"))).to.equal(true);
  });

  it("writes a Cloudflare Worker with its wrangler.toml, and a Vercel function, each with its own README", async () => {
    const worker = await create({ name: "edge-app", template: "cloudflare-worker" });
    expect(worker.files).to.include.members(["wrangler.toml", "src/index.js", "src/app.js", "test/index.test.js"]);
    const toml = await readFile(join(cwd, "edge-app", "wrangler.toml"), "utf8");
    expect(toml).to.match(/^name = "edge-app"$/m);
    expect(toml).to.match(/^main = "src\/index\.js"$/m);
    expect(toml).to.match(/^compatibility_flags = \["nodejs_compat"\]$/m);
    const workerReadme = await readFile(join(cwd, "edge-app", "README.md"), "utf8");
    expect(workerReadme).to.include("npx wrangler secret put PRIVATE_KEY");
    expect(workerReadme).to.include(
      "npx app receive --dry-run -e issues.opened -p test/fixtures/issues.opened.json ./src/app.js",
    );

    const vercel = await create({ name: "fn-app", template: "vercel" });
    expect(vercel.files).to.include.members(["vercel.json", "api/github/webhooks.js", "app.js", "test/index.test.js"]);
    expect(await readFile(join(cwd, "fn-app", "api/github/webhooks.js"), "utf8")).to.match(
      /export function POST\(request\)/,
    );
    const vercelReadme = await readFile(join(cwd, "fn-app", "README.md"), "utf8");
    expect(vercelReadme).to.include("npx vercel env add PRIVATE_KEY production");
    expect(vercelReadme).to.include(
      "npx app receive --dry-run -e issues.opened -p test/fixtures/issues.opened.json ./app.js",
    );

    const lambda = await create({ name: "lambda-app", template: "aws-lambda" });
    expect(lambda.files).to.include.members(["template.yaml", "handler.js", "app.js", "test/index.test.js"]);
    const sam = await readFile(join(cwd, "lambda-app", "template.yaml"), "utf8");
    expect(sam).to.match(/^ {6}Handler: handler\.handler$/m);
    expect(sam).to.match(/^Description: "lambda-app: /m);
    const lambdaReadme = await readFile(join(cwd, "lambda-app", "README.md"), "utf8");
    expect(lambdaReadme).to.include("npm run deploy");
    expect(lambdaReadme).to.include(
      "npx app receive --dry-run -e issues.opened -p test/fixtures/issues.opened.json ./app.js",
    );
  });

  // yarn reads no `overrides`, and yarn 1 refuses a package whose engines exclude the running Node
  // (strip-json-comments 5.1 under pino-pretty needs Node 22): `yarn create gh-app-kit`, or `yarn app
  // new`, gives the app the pins as `resolutions` too, in the form that yarn reads.
  const overrides = { "pino-pretty": { "strip-json-comments": "~5.0.3" }, "left-pad": "1.3.0" };
  const userAgents: ReadonlyArray<[label: string, agent: string, resolutions: Record<string, string> | undefined]> = [
    [
      "yarn 1",
      "yarn/1.22.22 npm/? node/v20.20.2 linux x64",
      { "**/pino-pretty/strip-json-comments": "~5.0.3", "left-pad": "1.3.0" },
    ],
    [
      "yarn 4",
      "yarn/4.18.1 npm/? node/v20.20.2 linux x64",
      { "pino-pretty/strip-json-comments": "~5.0.3", "left-pad": "1.3.0" },
    ],
    ["npm", "npm/11.19.1 node/v20.20.2 linux x64 workspaces/false", undefined],
  ];
  for (const [label, agent, resolutions] of userAgents) {
    it(`run by ${label}, writes the framework's pins ${resolutions ? "as resolutions too" : "as overrides only"}`, async () => {
      await create({ name: "pinned", overrides, env: { ...process.env, npm_config_user_agent: agent } });
      const manifest = JSON.parse(await readFile(join(cwd, "pinned", "package.json"), "utf8"));
      expect(manifest.overrides).to.deep.include(overrides);
      if (resolutions) expect(manifest.resolutions).to.deep.include(resolutions);
      else expect(manifest).not.to.have.property("resolutions");
    });
  }

  // `pnpm create gh-app-kit`, `yarn create`, `bun create` and `pnpm dlx gh-app-kit new` set the user agent: the
  // app's README, its other files and the printed next steps give that package manager's commands.
  type Commands = { install: string; test: string; start: string; build: string; app: string };
  const npmCommands = {
    install: "npm install",
    test: "npm test",
    start: "npm start",
    build: "npm run build",
    app: "npx app",
  };
  const yarnCommands = {
    install: "yarn install",
    test: "yarn test",
    start: "yarn start",
    build: "yarn build",
    app: "yarn app",
  };
  const managers: ReadonlyArray<[label: string, agent: string | undefined, commands: Commands]> = [
    [
      "pnpm",
      "pnpm/9.15.9 npm/? node/v20.20.2 linux x64",
      {
        install: "pnpm install",
        test: "pnpm test",
        start: "pnpm start",
        build: "pnpm run build",
        app: "pnpm exec app",
      },
    ],
    ["yarn 1", "yarn/1.22.22 npm/? node/v20.20.2 linux x64", yarnCommands],
    ["yarn 4", "yarn/4.18.1 npm/? node/v20.20.2 linux x64", yarnCommands],
    [
      "bun",
      "bun/1.4.5 npm/? node/v24.3.0 linux x64",
      { install: "bun install", test: "bun run test", start: "bun run start", build: "bun run build", app: "bunx app" },
    ],
    ["npm", "npm/11.19.1 node/v20.20.2 linux x64 workspaces/false", npmCommands],
    ["no package manager (node app new)", undefined, npmCommands],
  ];
  for (const [label, agent, commands] of managers) {
    it(`run by ${label}, writes that package manager's commands in the README and the next steps`, async () => {
      const printed: string[] = [];
      const env = agent ? { npm_config_user_agent: agent } : {};
      await create({ name: "pm-app", env, print: (line) => printed.push(line) });
      const readme = await readFile(join(cwd, "pm-app", "README.md"), "utf8");
      expect(readme).to.include(
        `${commands.install}\n${commands.build} && ${commands.app} receive --dry-run -e issues.opened`,
      );
      expect(readme).to.include(`\n${commands.start}\n`);
      expect(readme).to.include(`\n${commands.test}\n`);
      expect(readme).to.include(`Run \`${commands.app} setup\``);
      if (commands !== npmCommands) expect(readme).not.to.match(/\bnpm (install|test|start|run)\b|\bnpx\b/);
      expect(await readFile(join(cwd, "pm-app", ".env.example"), "utf8")).to.include(
        `run \`${commands.app} setup\`, or let \`${commands.start}\``,
      );
      expect(await readFile(join(cwd, "pm-app", "app.yml"), "utf8")).to.include(`when \`${commands.start}\` runs`);
      expect(printed.at(-1)).to.equal(
        `Next: cd pm-app && ${commands.install}, then ${commands.test}, and ${commands.start} to register the app on GitHub.`,
      );
    });
  }

  it("takes the package manager it is given over the one that runs it, for every template", async () => {
    const env = { npm_config_user_agent: "npm/11.19.1 node/v20.20.2 linux x64 workspaces/false" };
    for (const { name: template } of listTemplates(getTemplatesDir())) {
      await create({ name: `${template}-bun`, template, env, packageManager: "bun" });
      const readme = await readFile(join(cwd, `${template}-bun`, "README.md"), "utf8");
      expect(readme, template).to.include("bun install\n");
      expect(readme, template).to.include("bunx app receive --dry-run");
      expect(readme, template).to.include("bun run test\n");
      expect(readme, template).not.to.match(/\bnpm (install|test|start|run)\b|\bnpx app\b/);
    }
  });

  // pnpm reads neither `overrides` nor `resolutions`: its own are `pnpm.overrides`, "parent>dependency".
  it("run by pnpm, writes the framework's pins as pnpm.overrides too", async () => {
    const env = { npm_config_user_agent: "pnpm/9.15.9 npm/? node/v20.20.2 linux x64" };
    await create({ name: "pinned", overrides, env });
    const manifest = JSON.parse(await readFile(join(cwd, "pinned", "package.json"), "utf8"));
    expect(manifest.overrides).to.deep.include(overrides);
    expect(manifest.pnpm.overrides).to.deep.equal({
      "pino-pretty>strip-json-comments": "~5.0.3",
      "left-pad": "1.3.0",
      "mocha>strip-json-comments": "~5.0.3",
    });
    expect(manifest).not.to.have.property("resolutions");
    expect(existsSync(join(cwd, "pinned", "pnpm-workspace.yaml"))).to.equal(false);
  });

  // pnpm 10 reads its settings from pnpm-workspace.yaml too, and pnpm 11 and later from there alone ("The "pnpm" field
  // in package.json is no longer read"); pnpm 9 refuses a pnpm-workspace.yaml without `packages`. pnpm 11 and later
  // also stop the install at a dependency's build script no setting approves or denies (ERR_PNPM_IGNORED_BUILDS):
  // the templates' `allowScripts` (npm's) become `ignoredBuiltDependencies` for pnpm 10 and `allowBuilds` after it.
  const pnpmYaml: ReadonlyArray<[version: string, builds: string]> = [
    ["10.34.9", "ignoredBuiltDependencies:\n  - msgpackr-extract\n"],
    ["12.21.0", 'allowBuilds:\n  "msgpackr-extract": false\n'],
  ];
  for (const [version, builds] of pnpmYaml) {
    it(`run by pnpm ${version}, writes the pins and the builds it declines in pnpm-workspace.yaml`, async () => {
      const env = { npm_config_user_agent: `pnpm/${version} npm/? node/v20.20.2 linux x64` };
      const result = await create({ name: "pinned", overrides, env });
      const manifest = JSON.parse(await readFile(join(cwd, "pinned", "package.json"), "utf8"));
      expect(manifest.overrides).to.deep.include(overrides);
      expect(manifest).not.to.have.property("pnpm");
      expect(await readFile(join(cwd, "pinned", "pnpm-workspace.yaml"), "utf8")).to.equal(
        "overrides:\n" +
          '  "pino-pretty>strip-json-comments": "~5.0.3"\n' +
          '  "left-pad": "1.3.0"\n' +
          '  "mocha>strip-json-comments": "~5.0.3"\n' +
          builds,
      );
      expect(result.files).to.include("pnpm-workspace.yaml");
    });
  }

  // yarn 2 and later link packages with Plug'n'Play unless told otherwise, and mocha 12 cannot load its own
  // modules from yarn's zip archives: the app gets `nodeLinker: node-modules`, and is a project of its own
  // (a yarn.lock) even inside another one's folder.
  it("run by yarn 4, makes the app a node_modules project of its own; yarn 1 needs neither", async () => {
    await create({ name: "berry", env: { npm_config_user_agent: "yarn/4.18.1 npm/? node/v20.20.2 linux x64" } });
    expect(await readFile(join(cwd, "berry", ".yarnrc.yml"), "utf8")).to.match(/^nodeLinker: node-modules$/m);
    expect(await readFile(join(cwd, "berry", "yarn.lock"), "utf8")).to.equal("");
    const manifest = JSON.parse(await readFile(join(cwd, "berry", "package.json"), "utf8"));
    expect(manifest.packageManager).to.equal("yarn@4.18.1");
    await create({ name: "classic", env: { npm_config_user_agent: "yarn/1.22.22 npm/? node/v20.20.2 linux x64" } });
    expect(existsSync(join(cwd, "classic", ".yarnrc.yml"))).to.equal(false);
    expect(existsSync(join(cwd, "classic", "yarn.lock"))).to.equal(false);
  });

  // `pnpm dlx gh-app-kit new`, `yarn dlx` and `bunx` of an unreleased build: its own folder (the default --framework)
  // lies in their caches, which they clear (pnpm after a day, yarn's dlx folder when the command ends). As for npm's
  // cache, the app gets a copy.
  const caches: ReadonlyArray<[label: string, folder: string[]]> = [
    ["pnpm dlx's cache", [".cache", "pnpm", "dlx", "r2aaji54", "1a226c99a48-410f", "node_modules"]],
    ["pnpm dlx's cache on Windows", ["AppData", "Local", "pnpm-cache", "dlx", "r2aaji54", "node_modules"]],
    ["yarn dlx's folder", ["xfs-50514614", "dlx-20050", "node_modules"]],
    ["bun's cache", [".bun", "install", "cache", "gh-app-kit@0.0.0-development"]],
    ["bunx's folder", ["bunx-1000-gh-app-kit@latest", "node_modules"]],
  ];
  for (const [label, parts] of caches) {
    it(`copies a framework tarball found in ${label} into the app instead of depending on it`, async () => {
      const cache = join(cwd, ...parts);
      await mkdir(cache, { recursive: true });
      await writeFile(join(cache, "gh-app-kit-0.0.0-development.tgz"), "a tarball");
      const framework = `file:${join(cache, "gh-app-kit-0.0.0-development.tgz")}`;
      await create({ name: "cached", framework, env: {} });
      const manifest = JSON.parse(await readFile(join(cwd, "cached", "package.json"), "utf8"));
      expect(manifest.dependencies["gh-app-kit"]).to.equal("file:./gh-app-kit-0.0.0-development.tgz");
      expect(await readFile(join(cwd, "cached", "gh-app-kit-0.0.0-development.tgz"), "utf8")).to.equal("a tarball");
    });
  }

  // mocha 12, which every template tests with, asks for strip-json-comments ^5.0.3, whose 5.1 needs Node 22: npm
  // places the 5.0.3 pinned under pino-pretty for both, yarn 1 refuses 5.1 on Node 20.
  it("run by yarn 1, pins mocha's strip-json-comments too, for every template that tests with mocha", async () => {
    const yarn1 = { ...process.env, npm_config_user_agent: "yarn/1.22.22 npm/? node/v20.20.2 linux x64" };
    for (const { name: template } of listTemplates(getTemplatesDir())) {
      await create({ name: `${template}-mocha`, template, env: yarn1 });
      const manifest = JSON.parse(await readFile(join(cwd, `${template}-mocha`, "package.json"), "utf8"));
      if (!manifest.devDependencies?.mocha) continue;
      expect(manifest.overrides.mocha, template).to.deep.equal({ "strip-json-comments": "~5.0.3" });
      expect(manifest.resolutions["**/mocha/strip-json-comments"], template).to.equal("~5.0.3");
    }
  });

  // yarn 2 and later run no `pre` and `post` scripts: a `pretest` that builds is skipped, and `yarn test` finds no
  // test files ("No test files found: dist/test/**/*.test.js"). Each script does what it needs itself.
  it("writes apps whose scripts need no pre or post script, which yarn 2 and later do not run", async () => {
    for (const { name: template } of listTemplates(getTemplatesDir())) {
      await create({ name: `${template}-scripts`, template });
      const manifest = JSON.parse(await readFile(join(cwd, `${template}-scripts`, "package.json"), "utf8"));
      const hooks = Object.keys(manifest.scripts ?? {}).filter((script) => /^(pre|post)/.test(script));
      expect(hooks, template).to.deep.equal([]);
    }
  });

  it("refuses a folder that is not empty, unless forced", async () => {
    await mkdir(join(cwd, "taken"));
    await writeFile(join(cwd, "taken", "notes.txt"), "mine");
    const error = await failure({ name: "taken" });
    expect(isAppError(error) && error.code).to.equal("DIRECTORY_NOT_EMPTY");
    expect((error as Error).message).to.match(/is not empty \(1 entry: notes\.txt\)\.$/);
    expect(existsSync(join(cwd, "taken", "package.json"))).to.equal(false);
    await create({ name: "taken", force: true });
    expect(await readFile(join(cwd, "taken", "notes.txt"), "utf8")).to.equal("mine");
    expect(existsSync(join(cwd, "taken", "package.json"))).to.equal(true);
  });

  const invalid: ReadonlyArray<[label: string, options: Partial<NewAppOptions>, code: string, message: RegExp]> = [
    ["a name with capitals and spaces", { name: "My App" }, "APP_NAME_INVALID", /capital letters/],
    ["a name starting with a dot", { name: ".app" }, "APP_NAME_INVALID", /cannot start with a period/],
    [
      "a template that does not exist",
      { name: "ok-app", template: "rust" },
      "TEMPLATE_NOT_FOUND",
      /no template "rust"/,
    ],
    ["no name without a terminal", {}, "INPUT_REQUIRED", /No NAME/],
    [
      "a framework spec npm cannot read",
      { name: "ok-app", framework: "not a spec!!" },
      "OPTION_INVALID",
      /--framework not a spec!!/,
    ],
  ];
  for (const [label, options, code, message] of invalid) {
    it(`rejects ${label} with ${code} and writes nothing`, async () => {
      const error = await failure(options);
      expect(isAppError(error) && error.code).to.equal(code);
      expect((error as Error).message).to.match(message);
      expect(existsSync(join(cwd, "ok-app"))).to.equal(false);
    });
  }
});

describe("getFrameworkSpec", () => {
  it("points an unreleased build at its own folder", () => {
    expect(getFrameworkSpec({ version: "0.0.0-development", root: "/opt/gh-app-kit" })).to.equal(
      "file:/opt/gh-app-kit",
    );
  });

  it("depends on a release by a caret range", () => {
    expect(getFrameworkSpec({ version: "2.1.0" })).to.equal("^2.1.0");
  });
});

describe("listTemplates", () => {
  it("lists typescript first, then the others by name, each with its description", () => {
    const templates = listTemplates(getTemplatesDir());
    expect(templates.map((template) => template.name)).to.deep.equal([
      "typescript",
      "aws-lambda",
      "cloudflare-worker",
      "javascript",
      "vercel",
    ]);
    expect(templates[0]!.description).to.match(/TypeScript/);
    expect(templates[1]!.description).to.match(/AWS Lambda/);
    expect(templates[2]!.description).to.match(/Cloudflare Workers/);
    expect(templates[4]!.description).to.match(/Vercel/);
  });
});
