import { expect } from "chai";
import pino from "pino";
import { App } from "../../src/index.js";
import { createLogCapture } from "../helpers/capture-log.js";

/**
 * vitest 1's `vi.spyOn(probot.log, "info")` (tinyspy 2) does not assign the spy: it reads the method's own
 * property descriptor, then `Object.defineProperty(log, "info", { configurable, writable, value: spy })`, and
 * puts the original back the same way. On Probot the log is pino's own object, so the app's
 * `app.log.info("Yay, the app was loaded!")` reached the spy (HH).
 */
function spyOnAsTinyspy(object: object, name: string): { calls: unknown[][]; restore(): void } {
  const calls: unknown[][] = [];
  const own = Object.getOwnPropertyDescriptor(object, name);
  const original = (object as Record<string, (...args: unknown[]) => unknown>)[name]!;
  const spy = function (this: unknown, ...args: unknown[]) {
    calls.push(args);
    return original.apply(this, args);
  };
  const { value: _value, ...rest } = own ?? { configurable: true, writable: true };
  Object.defineProperty(object, name, { ...rest, value: spy });
  const restore = () =>
    Object.defineProperty(object, name, own ?? { configurable: true, writable: true, value: original });
  return { calls, restore };
}

describe("A spy defined on app.log, as vitest 1's vi.spyOn does (HH)", () => {
  it("sees the app function's lines and the handlers', and is removed again by its restore", async () => {
    const logs = createLogCapture();
    const app = new App({ platformToken: "test", log: pino({}, logs.stream as never) });
    const spy = spyOnAsTinyspy(app.log, "info");
    await app.load((probot: { log: { info(message: string): void } }) => {
      probot.log.info("Yay, the app was loaded!");
    });
    app.on("issues", async (context) => {
      context.log.info("handled");
    });
    await app.receive({ id: "1", name: "issues", payload: { action: "opened" } });
    // (Whether a child's lines reach it is pino's: its children inherit the parent's methods.)
    expect(spy.calls[0]).to.deep.equal(["Yay, the app was loaded!"]);
    const seen = spy.calls.length;
    expect(Object.getOwnPropertyDescriptor(app.log, "info")?.value).to.be.a("function");
    spy.restore();
    app.log.info("after");
    expect(spy.calls).to.have.length(seen);
    expect(logs.records().map((record) => record["msg"])).to.deep.equal([
      "Yay, the app was loaded!",
      "handled",
      "after",
    ]);
  });
});
