import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { getTestKeys } from "../helpers/keys.js";
import { freePort } from "../helpers/redis-server.js";
import { runToExit } from "../helpers/spawn-app.js";
import { TEST_SECRET } from "../helpers/test-app.js";

const COMMENT_APP = fileURLToPath(new URL("../fixtures/apps/comment.js", import.meta.url));

/** Passwords the URL parser cannot read as written: each must be named as such, never printed. */
const PASSWORDS: ReadonlyArray<[what: string, password: string]> = [
  ["an unencoded /", "s3cret/pass-771"],
  ["an unencoded ?", "s3cret?pass-771"],
  ["an unencoded #", "s3cret#pass-771"],
  ["a bad % escape", "s3cret%zzpass-771"],
];

/** Each command that reads REDIS_URL, and the exit code a bad one gets. */
const COMMANDS: ReadonlyArray<[command: string, args: string[], code: number]> = [
  ["run", [COMMENT_APP], 2],
  ["worker", [COMMENT_APP], 2],
  ["deliveries", ["failed"], 2],
  ["deliveries", ["retry", "--all"], 2],
  ["doctor", ["--json", COMMENT_APP], 1],
];

describe("REDIS_URL whose password is not percent-encoded", function () {
  this.timeout(120_000);
  let cwd: string;
  let port: number;
  before(async () => {
    cwd = mkdtempSync(join(tmpdir(), "redis-url-password-"));
    port = await freePort();
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  const env = (url: string) => ({
    APP_ID: "1",
    PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
    WEBHOOK_SECRET: TEST_SECRET,
    PORT: "0",
    HOST: "127.0.0.1",
    DELIVERY_QUEUE: "redis",
    // Nothing listens: whatever reaches the network fails, the URL is what is checked.
    GHE_HOST: `127.0.0.1:${port}`,
    GHE_PROTOCOL: "http",
    REDIS_URL: url,
  });

  for (const [what, password] of PASSWORDS) {
    for (const [command, args, code] of COMMANDS) {
      it(`app ${command} ${args[0]?.startsWith("/") ? "" : args.join(" ")} with ${what} in the password: a clear error, and no part of the password`, async () => {
        const url = `redis://:${password}@127.0.0.1:${port}/0`;
        const result = await runToExit({ command, args, env: env(url), cwd, timeoutMs: 30_000 });
        const output = result.stdout + result.stderr;
        expect(result.code, output).to.equal(code);
        expect(output).not.to.include("s3cret");
        expect(output).not.to.include("pass-771");
        expect(output).not.to.match(/\n\s+at |URIError|Invalid URL/);
        expect(output).to.match(/percent-encode/i);
        expect(output).to.include("encodeURIComponent");
        if (command === "doctor") {
          const report = JSON.parse(result.stdout) as { checks: Array<{ id: string; status: string }> };
          expect(report.checks.find((check) => check.id === "redis")?.status).to.equal("fail");
        }
      });
    }
  }

  it("app redeliver, which uses no Redis, neither crashes on it nor prints it", async () => {
    const url = `redis://:s3cret%zzpass-771@127.0.0.1:${port}`;
    const result = await runToExit({ command: "redeliver", args: ["--dry-run"], env: env(url), cwd });
    const output = result.stdout + result.stderr;
    expect(output).not.to.include("s3cret");
    expect(output).not.to.match(/\n\s+at |URIError/);
    // The platform does not answer: a clear failure of its own.
    expect(result.code).to.equal(1);
  });
});
