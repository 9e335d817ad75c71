import { expect } from "chai";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { AppClient } from "../../src/client/app-client.js";
import { appClientClass } from "../../src/client/app-client-class.js";
import { BIN } from "../commands/run-bin.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const HOOK = new URL("../fixtures/record-imports.mjs", import.meta.url).href;
const TOKEN = "ghp_lazyclienttoken0123456789abcdefABCDEF";

/**
 * `app receive` from the build, recording every module it loads: ES imports
 * through a resolve hook in `log`, require() calls (how a lazily loaded
 * AppClient arrives) in the output through NODE_DEBUG=module, and the ES
 * modules that arrive through require() (bin/run.js loads the receive path
 * that way; resolve hooks do not see them) through NODE_DEBUG=esm.
 */
function receiveRecordingImports(
  app: string,
  platform: FakePlatform,
  log: string,
): Promise<{ code: number; output: string }> {
  const args = [
    "receive",
    "-e",
    "issues.opened",
    "-p",
    fixture("payloads/issues.opened.json"),
    "--base-url",
    platform.url,
    "-t",
    TOKEN,
    app,
  ];
  const register = `data:text/javascript,import { register } from "node:module"; register(${JSON.stringify(HOOK)});`;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", register, BIN, ...args],
      {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          IMPORT_LOG: log,
          NODE_DEBUG: "module,esm",
          NO_COLOR: "1",
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

describe("appClientClass", () => {
  it("returns the AppClient the package exports", () => {
    expect(appClientClass()).to.equal(AppClient);
  });

  it("is not imported by app-client.js, which it loads: no loop between them", () => {
    const built = (path: string) => readFileSync(new URL(`../../dist/src/client/${path}`, import.meta.url), "utf8");
    expect(built("app-client.js")).not.to.match(/(from|import\(|require\()\s*["'][./]*(client\/)?app-client-class\.js/);
    // lazy-module.js, which app-client.js imports, loads modules by the URL its callers pass.
    expect(built("../helpers/lazy-module.js")).not.to.match(
      /^import [^;]*app-client|require\(\s*["'][^"']*app-client/m,
    );
    expect(built("app-client-class.js")).not.to.match(
      /^\s*import\b[^;]*["']\.\/app-client\.js["']|import\(\s*["']\.\/app-client\.js["']/m,
    );
  });

  describe("in app receive, run from the build", () => {
    let platform: FakePlatform;
    let folder: string;
    before(async () => {
      platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, personalTokens: [TOKEN] });
    });
    after(() => platform.close());
    beforeEach(async () => {
      platform.reset();
      folder = await mkdtemp(join(tmpdir(), "lazy-client-"));
    });
    afterEach(() => rm(folder, { recursive: true, force: true }));

    it("loads none of the client's modules when no handler uses the client", async () => {
      const log = join(folder, "imports.txt");
      const result = await receiveRecordingImports(fixture("receive-apps/log-events.js"), platform, log);
      expect(result.code, result.output).to.equal(0);
      expect(result.output).to.include("log-events saw issues.opened");
      const loaded = (await readFile(log, "utf8")) + result.output;
      expect(loaded).to.include("/dist/src/app.js");
      for (const module of [
        "/dist/src/client/app-client.js",
        "/@octokit/plugin-rest-endpoint-methods/",
        "/@octokit/core/",
      ]) {
        expect(loaded, module).not.to.include(module);
      }
    });

    it("loads neither the Redis sharing nor the token store, the client factory or the caches without Redis and with a token", async () => {
      const log = join(folder, "imports.txt");
      const result = await receiveRecordingImports(fixture("receive-apps/log-events.js"), platform, log);
      expect(result.code, result.output).to.equal(0);
      const loaded = (await readFile(log, "utf8")) + result.output;
      expect(loaded).to.include("/dist/src/helpers/lazy-module.js");
      for (const module of [
        "/dist/src/redis/create-redis-sharing.js",
        "/dist/src/redis/redis-connection.js",
        "/dist/src/client/auth/token-store.js",
        "/dist/src/client/get-authenticated-client.js",
        "/dist/src/config/config-cache.js",
        "/lru-cache/",
      ]) {
        expect(loaded, module).not.to.include(module);
      }
    });

    it("loads them when a handler first uses context.client, which then works", async () => {
      const log = join(folder, "imports.txt");
      const result = await receiveRecordingImports(fixture("receive-apps/comment.js"), platform, log);
      expect(result.code, result.output).to.equal(0);
      expect(platform.comments()).to.have.length(1);
      expect((await readFile(log, "utf8")) + result.output).to.include("/dist/src/client/app-client.js");
    });
  });
});
