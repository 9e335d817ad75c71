import { generateKeyPairSync, randomBytes } from "node:crypto";
import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { getLog, LOG_LEVELS } from "../../src/log/get-log.js";
import type { GetLogOptions, LogLevel } from "../../src/log/get-log.js";
import { loadPrettyFactory } from "../../src/log/create-pretty-stream.js";
import { registerSecret } from "../../src/log/secrets.js";

const LEVEL_NUMBERS: Record<LogLevel, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** A logger whose lines are collected instead of written. */
function capture(options: GetLogOptions = {}) {
  const lines: string[] = [];
  const log = getLog({
    logFormat: "json",
    env: {},
    ...options,
    destination: { write: (line) => void lines.push(line) },
  });
  return { log, lines, json: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

let pem: string;

describe("getLog", () => {
  before(() => {
    pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    }) as string;
  });

  it("writes one JSON object per line in the json format", () => {
    const { log, json } = capture();
    log.info({ id: "d-1" }, "received");
    expect(json()).to.have.length(1);
    expect(json()[0]).to.include({ level: 30, id: "d-1", msg: "received" });
  });

  it("writes readable lines in the pretty format, in order, the first ones once pino-pretty has loaded", async () => {
    const { log, lines } = capture({ logFormat: "pretty" });
    log.warn({ id: "d-1" }, "slow handler");
    log.warn("second");
    await loadPrettyFactory();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).to.have.length(2);
    expect(lines[1]).to.match(/WARN.*second/);
    log.warn("third");
    expect(lines[2], "written at once now").to.match(/WARN.*third/);
    expect(lines.join(""))
      .to.match(/WARN.*slow handler/)
      .and.match(/id: "d-1"/);
    expect(() => JSON.parse(lines[0]!)).to.throw();
  });

  it("writes a pretty line logged just before process.exit(), unprettified if pino-pretty had no time to load", () => {
    const source = new URL("../../src/log/get-log.ts", import.meta.url).href;
    const script = `import { getLog } from ${JSON.stringify(source)};
      getLog({ logFormat: "pretty", env: {} }).warn("last words");
      process.exit(0);`;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(child.status, child.stderr).to.equal(0);
    expect(child.stdout).to.include("last words");
  });

  for (const level of LOG_LEVELS) {
    it(`at level ${level}, writes ${level} and above and nothing below`, () => {
      const { log, json } = capture({ level });
      for (const method of LOG_LEVELS) log[method](method);
      const expected = LOG_LEVELS.filter((l) => LEVEL_NUMBERS[l] >= LEVEL_NUMBERS[level]);
      expect(json().map((line) => line.msg)).to.deep.equal(expected);
    });
  }

  it("writes at info by default", () => {
    const { log, json } = capture();
    log.debug("hidden");
    log.info("shown");
    expect(json().map((line) => line.msg)).to.deep.equal(["shown"]);
  });

  it("writes the level as a word with logLevelInString", () => {
    const { log, json } = capture({ logLevelInString: true });
    log.error("failed");
    expect(json()[0]).to.include({ level: "error", msg: "failed" });
  });

  it("puts the message under logMessageKey", () => {
    const { log, json } = capture({ logMessageKey: "message" });
    log.info("hello");
    expect(json()[0]).to.include({ message: "hello" }).and.not.have.property("msg");
  });

  const formats: ReadonlyArray<[rule: string, options: GetLogOptions, json: boolean]> = [
    ["defaults to json when NODE_ENV is production", { logFormat: undefined, env: { NODE_ENV: "production" } }, true],
    ["defaults to pretty outside production", { logFormat: undefined, env: { NODE_ENV: "development" } }, false],
    ["defaults to pretty when NODE_ENV is unset", { logFormat: undefined, env: {} }, false],
    ["uses an explicit logFormat over NODE_ENV", { logFormat: "pretty", env: { NODE_ENV: "production" } }, false],
  ];
  for (const [rule, options, isJson] of formats) {
    it(rule, () => {
      const { log, lines } = capture(options);
      log.info("x");
      expect(lines[0]!.startsWith("{")).to.equal(isJson);
    });
  }

  describe("secrets", () => {
    const token = `ghs_${randomBytes(18).toString("hex")}`;
    const jwt = `eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiIxIn0.${randomBytes(32).toString("base64url")}`;
    const registered = `registered-${randomBytes(12).toString("hex")}`;
    const nested = `nested-${randomBytes(12).toString("hex")}`;

    function logEverything(options: GetLogOptions): string {
      registerSecret(registered);
      const { log, lines } = capture({ level: "debug", ...options });
      const err = Object.assign(new Error(`could not sign with ${pem} using ${jwt}`), {
        details: { key: pem, response: { token: nested } },
      });
      log.debug(
        { err, headers: { authorization: `token ${token}` }, request: { headers: { authorization: `bearer ${jwt}` } } },
        `ordinary words stay, but ${registered} and ${token} go`,
      );
      log.child({ webhookSecret: registered, installation: 42 }).debug({ auth: { token: nested } }, "child line");
      return lines.join("");
    }

    for (const logFormat of ["json", "pretty"] as const) {
      it(`keeps every secret out of ${logFormat} lines and keeps ordinary text`, () => {
        const output = logEverything({ logFormat });
        const keyBody = pem.split("\n").slice(1, -2).join("");
        for (const secret of [token, jwt, registered, nested, pem, JSON.stringify(pem).slice(1, -1)]) {
          expect(output).not.to.include(secret);
        }
        for (let i = 0; i + 20 <= keyBody.length; i += 20) {
          expect(output).not.to.include(keyBody.slice(i, i + 20));
        }
        expect(output).to.include("ordinary words stay, but [REDACTED] and [REDACTED] go");
        expect(output).to.include("child line").and.include("42");
      });
    }
  });
});
