import { expect } from "chai";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { exec, JEST_MAJORS, jestBin } from "../helpers/test-tools.js";
import { packedProject } from "../helpers/packed-project.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

const JEST_TEST = `const { App, AppError, Context, createLambdaHandler, RequestError } = require("gh-app-kit");
const { createTestApp, startFakePlatform } = require("gh-app-kit/testing");

const payload = {
  action: "opened",
  issue: { number: 7 },
  repository: { name: "r", owner: { login: "o" } },
  installation: { id: 1 },
};

test("an App from require() receives an event and calls the platform", async () => {
  const platform = await startFakePlatform();
  try {
    const seen = [];
    const { app, receive } = await createTestApp({
      platform,
      appFn: ({ app }) => {
        app.on("issues.opened", async (context) => {
          seen.push(context instanceof Context);
          await context.client.issues.createComment(context.issue({ body: "hi" }));
        });
      },
    });
    expect(app).toBeInstanceOf(App);
    await receive("issues.opened", payload);
    expect(seen).toEqual([true]);
    expect(platform.requests.map((r) => r.method + " " + r.path)).toContain("POST /repos/o/r/issues/7/comments");
  } finally {
    await platform.close();
  }
});

test("a handler's AppError is the package's AppError", async () => {
  const app = new App({ secret: "s", logLevel: "fatal" });
  app.on("issues", () => {
    throw new AppError("OPTION_INVALID", "bad input");
  });
  const error = await app.receive({ id: "1", name: "issues", payload }).catch((e) => e);
  expect(error.errors[0]).toBeInstanceOf(AppError);
  expect(error.errors[0].code).toBe("OPTION_INVALID");
  expect(typeof createLambdaHandler(app)).toBe("function");
  // The Actions entry: the adapter's run() beside the same names as the root.
  const actions = require("gh-app-kit/actions");
  expect(actions.App).toBe(App);
  expect(typeof actions.run).toBe("function");
});

// Here the client is the bundled build's: its errors must still be the RequestError the package exports.
test("a failed request rejects with the package's RequestError", async () => {
  const platform = await startFakePlatform();
  try {
    platform.reply("GET", "/orgs/o/teams/t/memberships/u", { message: "Not Found" }, 404);
    const { app } = await createTestApp({ platform, appFn: () => {} });
    const client = await app.auth(1);
    const error = await client.teams.getMembershipForUserInOrg({ org: "o", team_slug: "t", username: "u" }).catch((e) => e);
    expect(error.status).toBe(404);
    expect(error).toBeInstanceOf(RequestError);
  } finally {
    await platform.close();
  }
});
`;

const NODE_SCRIPT = `const cjs = require("gh-app-kit");
const cjsTesting = require("gh-app-kit/testing");
const cjsActions = require("gh-app-kit/actions");
(async () => {
  const esm = await import("gh-app-kit");
  const esmTesting = await import("gh-app-kit/testing");
  const esmActions = await import("gh-app-kit/actions");
  const { app } = await cjsTesting.createTestApp({
    appFn: () => {},
    platform: { url: "http://127.0.0.1:9", appId: 1, privateKey: "unused" },
  });
  console.log(JSON.stringify({
    App: cjs.App === esm.App,
    AppError: cjs.AppError === esm.AppError,
    RequestError: cjs.RequestError === esm.RequestError && typeof esm.RequestError === "function",
    createTestApp: cjsTesting.createTestApp === esmTesting.createTestApp,
    actions: cjsActions.run === esmActions.run && cjsActions.App === esm.App && cjsActions.run !== cjs.run,
    instance: app instanceof esm.App,
    createLambdaHandler: typeof cjs.createLambdaHandler === "function" && cjs.createLambdaHandler === esm.createLambdaHandler,
    bundleLoaded: Object.keys(require.cache).some((file) => file.includes("bundle.cjs")),
  }));
})();
`;

// Most Probot apps are CommonJS, and their tests run under jest, whose module
// runtime cannot load an ES module on Node 20 or 22.
describe("the package from CommonJS (npm pack, installed in a CommonJS project)", function () {
  this.timeout(600_000);
  let tmp: string;
  let project: string;

  before(async () => {
    tmp = await mkdtemp(join(tmpdir(), "commonjs-"));
    project = await packedProject(tmp);
    // As Probot's app template set it (jest 26's default is jsdom).
    await writeFile(
      join(project, "package.json"),
      '{ "name": "commonjs-app", "private": true, "jest": { "testEnvironment": "node" } }\n',
    );
    await writeFile(join(project, "app.test.js"), JEST_TEST);
    await writeFile(join(project, "identity.js"), NODE_SCRIPT);
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it("gives plain Node the ES module build for require(): one App, one AppError, no warning", async () => {
    const result = await exec(process.execPath, ["identity.js"], { cwd: project });
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stderr).to.equal("");
    expect(JSON.parse(result.stdout)).to.deep.equal({
      App: true,
      AppError: true,
      RequestError: true,
      createTestApp: true,
      actions: true,
      instance: true,
      createLambdaHandler: true,
      bundleLoaded: false,
    });
  });

  // skipLibCheck false checks the package's own declarations too: its CommonJS entry's .d.cts
  // re-exports the ES module declarations, which module node16 refuses to require() (TS1479).
  for (const skipLibCheck of [true, false]) {
    it(`gives TypeScript in a CommonJS project (module node16, skipLibCheck ${skipLibCheck}) the package's types`, async () => {
      await writeFile(
        join(project, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: { module: "node16", strict: true, noEmit: true, skipLibCheck, types: ["node"] },
          files: ["typed.ts"],
        }),
      );
      await writeFile(
        join(project, "typed.ts"),
        'import { App } from "gh-app-kit";\nimport { createTestApp } from "gh-app-kit/testing";\n' +
          'import { run } from "gh-app-kit/actions";\n' +
          "export const app: App = new App({});\nexport const make: typeof createTestApp = createTestApp;\n" +
          "export const action: Promise<void> = run(() => {});\n" +
          "// @ts-expect-error: the real types, not any\nexport const wrong: number = App;\n",
      );
      const tsc = join(root, "node_modules/typescript/bin/tsc");
      const result = await exec(process.execPath, [tsc, "-p", "."], { cwd: project });
      expect(result.code, result.stdout + result.stderr).to.equal(0);
    });
  }

  it("gives TypeScript with module commonjs (node10 resolution, libraries checked) types it can resolve", async () => {
    // As Google's gts sets it up, with the ES2022 lib today's request library's types need.
    const compilerOptions = { module: "commonjs", target: "es2018", lib: ["es2022"], esModuleInterop: true };
    await writeFile(
      join(project, "tsconfig.node10.json"),
      JSON.stringify({
        compilerOptions: { ...compilerOptions, strict: true, noEmit: true, types: ["node"] },
        files: ["typed10.ts"],
      }),
    );
    await writeFile(
      join(project, "typed10.ts"),
      'import { App } from "gh-app-kit";\nexport const app = new App({});\n',
    );
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    const result = await exec(process.execPath, [tsc, "-p", "tsconfig.node10.json"], { cwd: project });
    expect(result.code, result.stdout + result.stderr).to.equal(0);
  });

  // jest 26 and 27 know nothing of "exports": they load "main" and the testing/ folder's package.json. jest 21
  // and 22 (Probot 6 and 7 apps) know no built-in module with a "/" in its name (stream/promises, util/types).
  for (const major of JEST_MAJORS) {
    it(`works under jest ${major}'s CommonJS runtime: an App receives an event, classes hold`, async () => {
      const jest = await jestBin(major);
      const result = await exec(
        process.execPath,
        [jest, "--ci", "--rootDir", project, "--cacheDirectory", join(tmp, `cache${major}`)],
        {
          cwd: project,
          env: { NO_COLOR: "1" },
          timeout: 120_000,
        },
      );
      expect(result.code, result.stdout + result.stderr).to.equal(0);
      expect(result.stderr).to.match(/Tests:\s+3 passed, 3 total/);
    });
  }
});
