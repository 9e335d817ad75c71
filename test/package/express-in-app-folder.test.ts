import { expect } from "chai";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getTestKeys } from "../helpers/keys.js";
import { packedProject } from "../helpers/packed-project.js";
import { spawnApp } from "../helpers/spawn-app.js";

const root = fileURLToPath(new URL("../..", import.meta.url));

// An app in a workspace (packages/bot) whose Express routes need `express`, a dependency of the app alone, started
// from the workspace's root by its path (a root script `app run packages/bot/index.js`): neither the working folder
// nor the framework's own folder (pnpm's store, without hoisting) has express; the app's folder has.
describe("Express routes of an app started from another folder (a workspace's root)", function () {
  this.timeout(120_000);
  let folder: string;
  let framework: string;
  let workspace: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "express-app-folder-"));
    const project = await packedProject(folder);
    await rm(join(project, "node_modules", "express")); // the framework's folder has no express
    framework = join(project, "node_modules", "gh-app-kit", "bin", "run.js");
    workspace = join(folder, "workspace");
    const bot = join(workspace, "packages", "bot");
    await mkdir(join(bot, "node_modules"), { recursive: true });
    await symlink(join(root, "node_modules", "express"), join(bot, "node_modules", "express"));
    await writeFile(join(workspace, "package.json"), '{ "private": true }\n');
    await writeFile(join(bot, "package.json"), '{ "name": "bot", "type": "module" }\n');
    await writeFile(
      join(bot, "index.js"),
      'export default (app, { getRouter }) => {\n  getRouter("/my-app").get("/hello", (req, res) => res.send("Hello from Express"));\n};\n',
    );
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it("runs them through the express of the app's folder", async () => {
    const child = await spawnApp({
      entry: [framework, "run"],
      args: ["packages/bot/index.js", "--port", "0"],
      cwd: workspace,
      env: { APP_ID: "1", PRIVATE_KEY: getTestKeys().privateKeyPkcs1, WEBHOOK_SECRET: "secret", HOST: "127.0.0.1" },
    });
    try {
      const response = await fetch(`${child.url}/my-app/hello`);
      expect(await response.text(), child.stdout() + child.stderr()).to.equal("Hello from Express");
      expect(response.status).to.equal(200);
    } finally {
      child.kill("SIGTERM");
      await child.exit;
    }
  });
});
