import { expect } from "chai";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bareEnv } from "../helpers/child-env.js";
import { freePort } from "../helpers/redis-server.js";
import { exec, PNPM_STORE, pnpmBin, YARN_CACHE, yarn1Bin, yarnBin } from "../helpers/test-tools.js";
import { runBin } from "./run-bin.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// `pnpm create gh-app-kit my-bot`, `yarn create` (yarn 1 and 4) and `bun create` run `app new` with their user
// agent: the app is installed with that package manager, passes its own test through it, and starts through it
// (`app run` answers /ping, and stops on SIGTERM). pnpm 9 and the two yarns come from the npm registry, as the
// other package tests' do (test/helpers/test-tools.ts); bun is taken from PATH, and its tests are skipped
// without it.

type Manager = {
  /** Folders put first on PATH, holding the package manager's command. */
  path: string[];
  /** The user agent it gives what it runs (`pnpm create`, `yarn create`, `bun create`). */
  agent: string;
  /** Its caches, shared by the runs of one checkout. */
  env: Record<string, string>;
  /** The command of a script of package.json, e.g. `["test"]`, `["run", "test"]`. */
  script: (name: string) => string[];
  command: string;
};

/** A folder with one executable, `name`, that runs a package manager's JavaScript file with this Node. */
async function shim(name: string, file: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), `${name}-shim-`));
  await writeFile(join(folder, name), `#!/bin/sh\nexec "${process.execPath}" "${file}" "$@"\n`);
  await chmod(join(folder, name), 0o755);
  return folder;
}

async function version(command: string, path: string[]): Promise<string> {
  const result = await exec(command, ["--version"], {
    cwd: tmpdir(),
    env: { PATH: [...path, process.env.PATH ?? ""].join(delimiter) },
  });
  expect(result.code, result.stderr).to.equal(0);
  return result.stdout.trim();
}

/** The package manager, or why it cannot be had here. */
async function getManager(label: string): Promise<Manager | string> {
  const agent = (name: string, v: string) =>
    `${name}/${v} npm/? node/${process.version} ${process.platform} ${process.arch}`;
  const byName = (script: string) => [script];
  switch (label) {
    case "pnpm 9": {
      const path = [await shim("pnpm", await pnpmBin())];
      const env = { npm_config_store_dir: PNPM_STORE };
      return { path, agent: agent("pnpm", await version("pnpm", path)), env, script: byName, command: "pnpm" };
    }
    case "yarn 1": {
      const path = [await shim("yarn", await yarn1Bin())];
      const env = { YARN_CACHE_FOLDER: join(YARN_CACHE, "yarn1") };
      return { path, agent: agent("yarn", await version("yarn", path)), env, script: byName, command: "yarn" };
    }
    case "yarn 4": {
      const path = [await shim("yarn", await yarnBin())];
      const env = { YARN_GLOBAL_FOLDER: join(YARN_CACHE, "yarn4-global"), YARN_ENABLE_TELEMETRY: "0" };
      return { path, agent: agent("yarn", await version("yarn", path)), env, script: byName, command: "yarn" };
    }
    default: {
      const found = (process.env.PATH ?? "").split(delimiter).find((folder) => existsSync(join(folder, "bun")));
      if (!found) return "bun is not on PATH (npm install -g bun puts it there)";
      const path = [found];
      return {
        path,
        agent: agent("bun", await version("bun", path)),
        env: {},
        script: (script) => ["run", script],
        command: "bun",
      };
    }
  }
}

describe("app new run by pnpm, yarn and bun: the generated apps", function () {
  this.timeout(15 * 60_000);
  let packs: string;
  let tarball: string;
  before(async () => {
    packs = await mkdtemp(join(tmpdir(), "app-new-pm-pack-"));
    const packed = await exec("npm", ["pack", "--pack-destination", packs, "--loglevel=error"], { cwd: ROOT });
    expect(packed.code, packed.stderr).to.equal(0);
    tarball = join(packs, packed.stdout.trim().split("\n").pop()!);
  });
  after(() => rm(packs, { recursive: true, force: true }));

  for (const label of ["pnpm 9", "yarn 1", "yarn 4", "bun"]) {
    it(`${label}: installs the typescript app with it, and the app passes its test and starts through it`, async function () {
      const manager = await getManager(label);
      if (typeof manager === "string") {
        this.test!.title += ` (skipped: ${manager})`;
        this.skip();
      }
      const cwd = await mkdtemp(join(tmpdir(), "app-new-pm-"));
      const env = {
        ...manager.env,
        PATH: [...manager.path, process.env.PATH ?? ""].join(delimiter),
        npm_config_user_agent: manager.agent,
      };
      const created = await runBin(["new", "my-bot", "--yes", "--framework", `file:${tarball}`], {
        cwd,
        env,
        timeoutMs: 10 * 60_000,
      });
      expect(created.code, created.stdout + created.stderr).to.equal(0);
      expect(created.stdout).to.include(`Installing dependencies with ${manager.command}...`);
      const folder = join(cwd, "my-bot");
      const [test, start] = [manager.script("test"), manager.script("start")];
      expect(created.stdout).to.include(
        `Next: cd my-bot, then ${manager.command} ${test.join(" ")}, and ${manager.command} ${start.join(" ")} to register the app on GitHub.`,
      );
      const readme = await readFile(join(folder, "README.md"), "utf8");
      expect(readme).to.include(`\n${manager.command} ${test.join(" ")}\n`);

      const tested = await exec(manager.command, test, { cwd: folder, env, timeout: 5 * 60_000 });
      expect(tested.code, tested.stdout + tested.stderr).to.equal(0);
      expect(tested.stdout).to.include("1 passing");

      await expectStartsAndStops(manager.command, start, folder, env);
    });
  }
});

/** Runs the app's start script through the package manager, until `app run` answers /ping; then SIGTERM, as a terminal's stop. */
async function expectStartsAndStops(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd,
    env: bareEnv({ ...env, PORT: String(port), NO_COLOR: "1" }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  try {
    let answer: string | undefined;
    while (running && answer === undefined) {
      answer = await ping(port);
      if (answer === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(answer, output).to.equal("200");
  } finally {
    // The package manager, the shell of the script and `app run`: the whole group, as Ctrl+C in a terminal.
    if (running) process.kill(-child.pid!, "SIGTERM");
  }
  await exited;
  expect(output).to.include("Received SIGTERM");
}

/** The status of GET /ping, or undefined while nothing listens. */
function ping(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const request = get({ host: "127.0.0.1", port, path: "/ping" }, (response) => {
      response.resume();
      resolve(String(response.statusCode));
    });
    request.on("error", () => resolve(undefined));
  });
}
