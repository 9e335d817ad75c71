import { expect } from "chai";
import { App, Context } from "../../src/index.js";

// Probot 9 and 10's Context had `event`, the event's name (`context.event === "push"`), kept
// there "for backward compatibility" and gone in Probot 11. Apps of that time branch on it
// (JasonEtco/todo's diff reader: `if (context.event === 'push')`); here it was undefined, so such
// a branch silently took its other arm.
describe("compat: context.event, Probot 9 and 10's name of context.name", () => {
  const payload = { ref: "refs/heads/main", repository: { name: "r", owner: { login: "o" } } };

  it("a handler reading context.event gets the event's name, with one DeprecationWarning", async () => {
    const app = new App({ Client: function () {} as never });
    const seen: unknown[] = [];
    app.on("push", (context) => void seen.push((context as unknown as { event: unknown }).event));
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      await app.receive({ id: "1", name: "push", payload } as never);
      await app.receive({ id: "2", name: "push", payload } as never);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(seen).to.deep.equal(["push", "push"]);
    expect(warnings.filter((w) => w.includes("context.event"))).to.have.length(1);
  });

  it("a context built by hand answers event with its name, and event is no own key", () => {
    const context = new Context({ id: "1", name: "issues", payload: {} }, {} as never, {} as never);
    expect((context as unknown as { event: unknown }).event).to.equal("issues");
    expect(Object.keys(context)).to.not.include("event");
  });
});
