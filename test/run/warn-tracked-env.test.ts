import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { getTestKeys } from "../helpers/keys.js";
import { spawnApp } from "../helpers/spawn-app.js";
import { TEST_SECRET } from "../helpers/test-app.js";

const APP = fileURLToPath(new URL("../fixtures/apps/comment.js", import.meta.url));
const TRACKED = /\.env is tracked by git/;

describe("app run: a .env tracked by git", function () {
  this.timeout(30_000);
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(join(tmpdir(), "env-tracked-"));
    writeFileSync(join(cwd, ".env"), `WEBHOOK_SECRET=${TEST_SECRET}\n`);
  });
  afterEach(() => rmSync(cwd, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync("git", args, { cwd, stdio: "ignore" });

  async function outputOf(path = process.env.PATH ?? ""): Promise<string> {
    const env = {
      APP_ID: "1",
      PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
      PORT: "0",
      HOST: "127.0.0.1",
      NODE_ENV: "test",
    };
    const child = await spawnApp({ args: [APP], env: { ...env, PATH: path }, cwd });
    child.kill("SIGTERM");
    await child.exit;
    return child.stdout() + child.stderr();
  }

  it("warns at start when git tracks .env", async () => {
    git("init", "-q");
    git("add", ".env");
    const output = await outputOf();
    expect(output).to.match(TRACKED).and.include("git rm --cached .env");
    expect(output).not.to.include(TEST_SECRET);
  });

  it("says nothing when .env is in a repository but not tracked", async () => {
    git("init", "-q");
    expect(await outputOf()).not.to.match(TRACKED);
  });

  it("starts without a word when git is not installed", async () => {
    expect(await outputOf("/nonexistent-bin")).not.to.match(TRACKED);
  });
});
