import { expect } from "chai";
import { aliasLog } from "../../src/log/alias-log.js";
import { getLog, LOG_LEVELS } from "../../src/log/get-log.js";
import type { LogLevel } from "../../src/log/get-log.js";

function capture(level: LogLevel = "trace") {
  const lines: string[] = [];
  const log = getLog({ level, logFormat: "json", env: {}, destination: { write: (line) => void lines.push(line) } });
  const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { log, alias: aliasLog(log), parsed };
}

describe("aliasLog", () => {
  it("logs at info when called as a function", () => {
    const { alias, parsed } = capture();
    alias("hello");
    alias({ id: "d-1" }, "with bindings");
    expect(parsed()).to.have.length(2);
    expect(parsed()[0]).to.include({ level: 30, msg: "hello" });
    expect(parsed()[1]).to.include({ level: 30, id: "d-1", msg: "with bindings" });
  });

  const numbers = [10, 20, 30, 40, 50, 60];
  LOG_LEVELS.forEach((level, index) => {
    it(`has ${level}, bound to the logger even when detached`, () => {
      const { alias, parsed } = capture();
      const method = alias[level];
      method(`via ${level}`);
      expect(parsed()[0]).to.include({ level: numbers[index], msg: `via ${level}` });
    });
  });

  it("returns an aliased, callable child that keeps its bindings", () => {
    const { alias, parsed } = capture();
    const child = alias.child({ id: "d-2" });
    child("from child");
    child.warn("warned");
    expect(parsed()).to.have.length(2);
    expect(parsed()[0]).to.include({ level: 30, id: "d-2", msg: "from child" });
    expect(parsed()[1]).to.include({ level: 40, id: "d-2", msg: "warned" });
  });

  it("passes level reads and writes through to the logger", () => {
    const { log, alias, parsed } = capture("info");
    expect(alias.level).to.equal("info");
    alias.level = "warn";
    expect(log.level).to.equal("warn");
    expect(alias.isLevelEnabled("info")).to.equal(false);
    alias.info("hidden");
    alias("hidden too");
    alias.warn("shown");
    expect(parsed().map((line) => line.msg)).to.deep.equal(["shown"]);
  });

  // As CodeLenny/auto-comment-bot's tests (Probot 7): `app.log.target.streams = []` quiets its bunyan logger.
  it("has a target, Probot 7 to 9's logger under the log: the logger itself, which takes what is set on it", () => {
    const { log, alias, parsed } = capture("info");
    const targetOf = (logger: object) => (logger as { target: Record<string, unknown> }).target;
    expect(targetOf(alias)).to.equal(log);
    targetOf(alias).streams = [];
    alias.info("still written");
    expect(parsed().map((line) => line.msg)).to.deep.equal(["still written"]);
    expect(targetOf(alias.child({ id: "c" }))).to.not.equal(undefined);
  });

  it("sees a level change made on the logger itself", () => {
    const { log, alias, parsed } = capture("info");
    log.level = "debug";
    alias.debug("now enabled");
    expect(parsed().map((line) => line.msg)).to.deep.equal(["now enabled"]);
  });
});
