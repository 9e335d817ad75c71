import { expect } from "chai";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exec, jestBin } from "../helpers/test-tools.js";
import { packedProject } from "../helpers/packed-project.js";

const JEST_TEST = `import { App, AppError, Context } from "gh-app-kit";
import { createTestApp, startFakePlatform } from "gh-app-kit/testing";
import appFn from "./app.js";

const payload = {
  action: "opened",
  issue: { number: 7 },
  repository: { name: "r", owner: { login: "o" } },
  installation: { id: 1 },
};

test("an App from import receives an event and comments through the platform", async () => {
  const platform = await startFakePlatform();
  try {
    const { app, receive } = await createTestApp({ platform, appFn });
    expect(app).toBeInstanceOf(App);
    await receive("issues.opened", payload);
    expect(platform.requests.map((r) => r.method + " " + r.path)).toContain("POST /repos/o/r/issues/7/comments");
  } finally {
    await platform.close();
  }
});

test("a handler's context is the package's Context, its AppError the package's AppError", async () => {
  const app = new App({ secret: "s", logLevel: "fatal" });
  const seen = [];
  app.on("issues", (context) => {
    seen.push(context instanceof Context);
    throw new AppError("OPTION_INVALID", "bad input");
  });
  const error = await app.receive({ id: "1", name: "issues", payload }).catch((e) => e);
  expect(seen).toEqual([true]);
  expect(error.errors[0]).toBeInstanceOf(AppError);
  expect(error.errors[0].code).toBe("OPTION_INVALID");
});
`;

const APP = `export default ({ app }) => {
  app.on("issues.opened", async (context) => {
    await context.client.issues.createComment(context.issue({ body: "Thanks!" }));
  });
};
`;

// An ES module app ("type": "module") tests under jest's ES module runtime, which Node's
// --experimental-vm-modules turns on: jest resolves the package's "exports" with the import
// condition and its "#" imports itself.
describe("the package from an ES module project under jest's ES module runtime", function () {
  this.timeout(600_000);
  let tmp: string;
  let project: string;

  before(async () => {
    tmp = await mkdtemp(join(tmpdir(), "jest-esm-"));
    project = await packedProject(tmp);
    await writeFile(
      join(project, "package.json"),
      '{ "name": "esm-app", "private": true, "type": "module", "jest": { "testEnvironment": "node", "transform": {} } }\n',
    );
    await writeFile(join(project, "app.js"), APP);
    await writeFile(join(project, "app.test.js"), JEST_TEST);
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  for (const major of [29, 30]) {
    it(`works under jest ${major} with --experimental-vm-modules: an App receives an event, classes hold`, async () => {
      const jest = await jestBin(major);
      const result = await exec(
        process.execPath,
        [
          "--experimental-vm-modules",
          jest,
          "--ci",
          "--rootDir",
          project,
          "--cacheDirectory",
          join(tmp, `cache${major}`),
        ],
        { cwd: project, env: { NO_COLOR: "1" }, timeout: 120_000 },
      );
      expect(result.code, result.stdout + result.stderr).to.equal(0);
      expect(result.stderr).to.match(/Tests:\s+2 passed, 2 total/);
    });
  }
});
