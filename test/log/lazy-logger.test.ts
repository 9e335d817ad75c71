import { expect } from "chai";
import pino from "pino";
import { aliasLog } from "../../src/log/alias-log.js";
import { lazyLogger } from "../../src/log/lazy-logger.js";

/** A lazy logger over a real pino writing JSON lines to an array, and how many times it was made. */
function lazy(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const made = { count: 0 };
  const log = lazyLogger(level, () => {
    made.count += 1;
    return pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  });
  return { log, lines, made };
}

describe("lazyLogger", () => {
  it("answers level questions and drops disabled lines without making the logger", () => {
    const { log, lines, made } = lazy("warn");
    const real = pino({ level: "warn" }, { write: () => undefined });
    expect(log.level).to.equal("warn");
    expect(log.levelVal).to.equal(real.levelVal);
    for (const name of ["trace", "debug", "info", "warn", "error", "fatal", "silent", "verbose", "toString"]) {
      expect(log.isLevelEnabled(name), name).to.equal(real.isLevelEnabled(name));
    }
    log.info("dropped");
    log.debug({ a: 1 }, "dropped");
    expect(made.count).to.equal(0);
    expect(lines).to.deep.equal([]);
  });

  it("makes the logger once, with the first enabled line, and writes it", () => {
    const { log, lines, made } = lazy("info");
    log.info({ id: "d-1" }, "first");
    log.warn("second");
    log.debug("dropped by pino now");
    expect(made.count).to.equal(1);
    expect(lines.map(({ msg, level, id }) => ({ msg, level, id }))).to.deep.equal([
      { msg: "first", level: 30, id: "d-1" },
      { msg: "second", level: 40, id: undefined },
    ]);
  });

  it("keeps a level set before the logger is made", () => {
    const { log, lines, made } = lazy("info");
    log.level = "debug";
    expect(made.count).to.equal(0);
    expect(log.isLevelEnabled("debug")).to.equal(true);
    log.debug("now written");
    expect(made.count).to.equal(1);
    expect(log.level).to.equal("debug");
    expect(lines.map((line) => line.msg)).to.deep.equal(["now written"]);
    log.level = "error";
    log.warn("dropped");
    expect(lines).to.have.length(1);
  });

  it("refuses an unknown level as pino does, at once", () => {
    let pinoMessage = "";
    try {
      pino({ level: "verbose" });
    } catch (error) {
      pinoMessage = (error as Error).message;
    }
    expect(pinoMessage).to.not.equal("");
    expect(() => lazy("verbose")).to.throw(pinoMessage);
    const { log } = lazy("info");
    expect(() => {
      log.level = "verbose";
    }).to.throw(/unknown level/i);
  });

  it("gives pino's own children, whose level is their own", () => {
    const { log, lines, made } = lazy("info");
    const child = log.child({ name: "probot" });
    expect(made.count).to.equal(1);
    child.level = "error";
    child.warn("dropped by the child");
    log.warn("written by the parent");
    child.error("written by the child");
    expect(log.level).to.equal("info");
    expect(lines.map(({ msg, name }) => ({ msg, name }))).to.deep.equal([
      { msg: "written by the parent", name: undefined },
      { msg: "written by the child", name: "probot" },
    ]);
  });

  it("lets a test spy on a level method, as jest.spyOn does", () => {
    const { log, lines } = lazy("info");
    const calls: unknown[][] = [];
    const original = log.info;
    log.info = ((...args: unknown[]) => {
      calls.push(args);
      (original as (...a: unknown[]) => void).apply(log, args);
    }) as typeof log.info;
    log.info("seen");
    expect(calls).to.deep.equal([["seen"]]);
    expect(lines.map((line) => line.msg)).to.deep.equal(["seen"]);
  });

  it("shows pino's own members once asked for one", () => {
    const { log } = lazy("info");
    const real = pino({ level: "info" }, { write: () => undefined });
    expect("info" in log).to.equal(true);
    expect(Object.keys(log).sort()).to.deep.equal(Object.keys(real).sort());
    expect(Object.getPrototypeOf(log)).to.not.equal(Object.prototype);
    expect(log.bindings()).to.deep.equal({});
  });

  it("works under aliasLog, as app.log", () => {
    const { log, lines, made } = lazy("info");
    const alias = aliasLog(log);
    alias.debug("dropped");
    expect(made.count).to.equal(0);
    alias("called as a function");
    alias.child({ name: "child" }).info("from the child");
    expect(lines.map(({ msg, level, name }) => ({ msg, level, name }))).to.deep.equal([
      { msg: "called as a function", level: 30, name: undefined },
      { msg: "from the child", level: 30, name: "child" },
    ]);
  });
});
