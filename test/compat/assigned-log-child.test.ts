import { expect } from "chai";
import { App } from "../../src/index.js";

/**
 * wip/app's tests on Probot 10: `probot.logger.child = simple.mock().returnWith(probot.logger)` before
 * `probot.load(app)`, then `t.deepEqual(probot.logger.child.lastCall.arg, { name: "WIP", ... })` after an
 * event, whose handler logs through `context.log.child({ name: "WIP", ... })`. On Probot the function
 * assigned reads back as itself (Probot 10 to 12's log is a function with the logger's members copied
 * onto it, Probot 13 and 14's is pino's own), and the event's logger is made through it.
 */
describe("Probot 10 to 14: a function assigned to app.log.child", () => {
  it("reads back as itself, and the event's logger and the handler's children are made through it", async () => {
    const app = new App({ appId: 1, privateKey: "test", logLevel: "fatal" });
    const calls: unknown[] = [];
    const spy = (bindings: unknown) => {
      calls.push(bindings);
      return app.log;
    };
    (app.log as unknown as { child: unknown }).child = spy;
    expect(app.log.child).to.equal(spy);
    app.on("issues.opened", async (context) => {
      context.log.child({ name: "WIP", account: 1 }).info("checked");
    });
    await app.receive({
      id: "delivery-1",
      name: "issues",
      payload: { action: "opened", issue: { number: 1 }, repository: { name: "app", owner: { login: "wip" } } },
    } as never);
    expect(calls).to.deep.equal([
      { name: "event", id: "delivery-1" },
      { name: "WIP", account: 1 },
    ]);
  });

  it("leaves the child of a logger nothing was assigned to as the callable child it was", () => {
    const app = new App({ appId: 1, privateKey: "test", logLevel: "fatal" });
    const child = app.log.child({ name: "x" });
    expect(typeof child).to.equal("function");
    expect(typeof child.child).to.equal("function");
    expect(typeof child.child({ step: 2 })).to.equal("function");
  });
});
