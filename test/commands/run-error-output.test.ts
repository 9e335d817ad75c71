import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { getTestKeys } from "../helpers/keys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { runToExit, spawnApp } from "../helpers/spawn-app.js";

const BUILT = fileURLToPath(new URL("../../dist/node/commands/run.js", import.meta.url));
const SECRET = "run-output-Qm4zT8wLx2";

// Apps that fail as app run starts them, with the webhook secret in what they throw.
const APPS: Record<string, string> = {
  "throws-on-import.js": "throw new Error(`bad settings: ${process.env.WEBHOOK_SECRET}`);\n",
  "rejects.js": "export default async () => {\n  throw new Error(`bad settings: ${process.env.WEBHOOK_SECRET}`);\n};\n",
  "throws-later.js":
    "export default () => {\n  setTimeout(() => {\n    throw new Error(`bad settings: ${process.env.WEBHOOK_SECRET}`);\n  }, 300);\n};\n",
  "rejects-with-a-string.js":
    "export default async () => {\n  throw `bad settings: ${process.env.WEBHOOK_SECRET}`;\n};\n",
};

describe("app run: the error output of an app that fails to start", function () {
  this.timeout(60_000);
  let cwd: string;

  before(() => {
    if (!existsSync(BUILT)) throw new Error("Build first: npm run build.");
    cwd = mkdtempSync(join(tmpdir(), "run-error-output-"));
    for (const [name, code] of Object.entries(APPS)) writeFileSync(join(cwd, name), code);
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  const env = (LOG_LEVEL: string, LOG_FORMAT = "json") => ({
    APP_ID: "1",
    PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
    WEBHOOK_SECRET: SECRET,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL,
    LOG_FORMAT,
  });

  for (const LOG_FORMAT of ["json", "pretty"]) {
    it(`keeps the webhook secret out of an exception nothing caught once it serves, which ends it (LOG_FORMAT=${LOG_FORMAT})`, async () => {
      const child = await spawnApp({
        args: ["./throws-later.js"],
        cwd,
        env: env("info", LOG_FORMAT),
        readyPattern: /listening on (http:\/\/[\d.:]+)/,
      });
      const { code } = await child.exit;
      const output = child.stdout() + child.stderr();
      expect(output, output).not.to.include(SECRET.slice(-9));
      expect(code, output).to.equal(1);
      expect(output).to.include("bad settings: [REDACTED]");
    });
  }

  for (const name of Object.keys(APPS).filter((each) => each !== "throws-later.js")) {
    for (const LOG_LEVEL of ["info", "debug"]) {
      it(`keeps the webhook secret out of it (${name}, LOG_LEVEL=${LOG_LEVEL})`, async () => {
        const result = await runToExit({ args: [`./${name}`], cwd, env: env(LOG_LEVEL) });
        const output = result.stdout + result.stderr;
        expect(output, output).not.to.include(SECRET.slice(-9));
        expect(result.code, output).to.equal(1);
        expect(output).to.include("bad settings: [REDACTED]");
      });
    }
  }
});

describe("app worker: the error output of an app that fails once it works", function () {
  this.timeout(60_000);
  let cwd: string;
  let redis: RedisServer;

  before(async () => {
    if (!existsSync(BUILT)) throw new Error("Build first: npm run build.");
    cwd = mkdtempSync(join(tmpdir(), "worker-error-output-"));
    writeFileSync(join(cwd, "throws-later.js"), APPS["throws-later.js"]!);
    redis = await startRedisServer();
  });
  after(async () => {
    await redis?.stop();
    rmSync(cwd, { recursive: true, force: true });
  });

  for (const LOG_FORMAT of ["json", "pretty"]) {
    it(`keeps the webhook secret out of an exception nothing caught, which ends it (LOG_FORMAT=${LOG_FORMAT})`, async () => {
      const child = await spawnApp({
        command: "worker",
        args: ["./throws-later.js"],
        cwd,
        env: {
          APP_ID: "1",
          PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
          WEBHOOK_SECRET: SECRET,
          REDIS_URL: redis.url,
          LOG_FORMAT,
        },
        // The app throws 300 ms after it loads: on a busy machine, before the worker says it started.
        readyPattern: /worker started|bad settings/,
      });
      const { code } = await child.exit;
      const output = child.stdout() + child.stderr();
      expect(output, output).not.to.include(SECRET.slice(-9));
      expect(code, output).to.equal(1);
      expect(output).to.include("bad settings: [REDACTED]");
    });
  }
});

describe("app receive: the error output of an app that fails", function () {
  this.timeout(60_000);
  const token = "receive-Opaque7Kp2Vx9";
  let cwd: string;

  before(() => {
    if (!existsSync(BUILT)) throw new Error("Build first: npm run build.");
    cwd = mkdtempSync(join(tmpdir(), "receive-error-output-"));
    writeFileSync(join(cwd, "payload.json"), JSON.stringify({ action: "opened", issue: { number: 1 } }));
    for (const [name, code] of Object.entries(APPS))
      writeFileSync(join(cwd, name), code.replaceAll("WEBHOOK_SECRET", "GITHUB_TOKEN"));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  /** `app receive` of issues with `args`: exits 1, its output scrubbed of the token; resolves to the output. */
  async function failsScrubbed(args: string[]): Promise<string> {
    const result = await runToExit({
      command: "receive",
      args: ["-e", "issues", "-p", "payload.json", ...args],
      cwd,
      env: { GITHUB_TOKEN: token },
    });
    const output = result.stdout + result.stderr;
    expect(output, output).not.to.include(token.slice(-9));
    expect(result.code, output).to.equal(1);
    expect(output).to.include("bad settings: [REDACTED]");
    return output;
  }

  it("keeps the token out of an exception nothing caught in a handler's timer, and lets the work finish", async () => {
    writeFileSync(
      join(cwd, "handler-throws-later.js"),
      [
        "export default ({ app }) => {",
        '  app.on("issues", async () => {',
        "    setTimeout(() => {",
        "      throw new Error(`bad settings: ${process.env.GITHUB_TOKEN}`);",
        "    }, 10);",
        "    await new Promise((resolve) => setTimeout(resolve, 200));",
        '    console.log("the handler finished");',
        "  });",
        "};",
        "",
      ].join("\n"),
    );
    const output = await failsScrubbed(["./handler-throws-later.js"]);
    expect(output).to.include("the handler finished");
  });

  for (const name of ["throws-on-import.js", "rejects.js", "rejects-with-a-string.js"]) {
    // --log-level makes oclif parse the command line: the same errors leave through oclif then.
    for (const flags of [[], ["--log-level", "debug"]]) {
      it(`keeps the token out of it (${name}${flags.length ? `, ${flags.join(" ")}` : ""})`, async () => {
        await failsScrubbed([...flags, `./${name}`]);
      });
    }
  }
});
