import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { getTestKeys } from "../helpers/keys.js";
import { startRedisServer } from "../helpers/redis-server.js";
import { oneLine } from "../commands/run-bin.js";
import { runToExit, spawnApp } from "../helpers/spawn-app.js";
import { TEST_SECRET } from "../helpers/test-app.js";

const APP = fileURLToPath(new URL("../fixtures/apps/comment.js", import.meta.url));
const TRACKED = /\.env is tracked by git/;

describe("a .env tracked by git (app run, app worker, app setup)", function () {
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

  it("app worker warns at start too", async () => {
    git("init", "-q");
    git("add", ".env");
    const redis = await startRedisServer();
    try {
      const env = { APP_ID: "1", PRIVATE_KEY: getTestKeys().privateKeyPkcs1, REDIS_URL: redis.url, NODE_ENV: "test" };
      const child = await spawnApp({ command: "worker", args: [APP], env, cwd, readyPattern: /worker started/ });
      child.kill("SIGTERM");
      await child.exit;
      const output = child.stdout() + child.stderr();
      expect(output).to.match(TRACKED).and.include("git rm --cached .env");
      expect(output).not.to.include(TEST_SECRET);
    } finally {
      await redis.stop();
    }
  });

  it("app setup --yes, which writes .env, warns when git tracks it, and not when it does not", async () => {
    git("init", "-q");
    const env = { PRIVATE_KEY: getTestKeys().privateKeyPkcs1 };
    const untracked = await runToExit({ command: "setup", args: ["--yes", "-a", "7"], env, cwd });
    expect(untracked.code, untracked.stderr).to.equal(0);
    expect(untracked.stdout + untracked.stderr).not.to.match(TRACKED);
    git("add", ".env");
    const tracked = await runToExit({ command: "setup", args: ["--yes", "-a", "8"], env, cwd });
    expect(tracked.code, tracked.stderr).to.equal(0);
    const output = oneLine(tracked.stdout + tracked.stderr);
    expect(output).to.match(TRACKED).and.include("git rm --cached .env");
    expect(output).not.to.include(TEST_SECRET);
  });
});
