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

// Probot 9 and 10's `context.github` was a plain property: apps' tests assign their double to it,
// often in a subclass of Context built by hand (lswith/probot-require-label's FakeContext:
// `super(...); this.github = github`). A getter alone made that assignment throw.
describe("compat: assigning context.github, Probot 9 and 10's name of context.client", () => {
  it("a context built by hand takes a client assigned to github", () => {
    const context = new Context({ id: "1", name: "issues", payload: {} }, {} as never, {} as never);
    const client = { issues: {} };
    (context as unknown as { github: unknown }).github = client;
    expect(context.client).to.equal(client);
    expect((context as unknown as { github: unknown }).github).to.equal(client);
  });

  it("a subclass that assigns this.github in its constructor gets that client", () => {
    const client = { issues: {} };
    class FakeContext extends Context {
      constructor() {
        super({ id: "1", name: "issues", payload: {} }, {} as never, {} as never);
        (this as unknown as { github: unknown }).github = client;
      }
    }
    expect(new FakeContext().client).to.equal(client);
  });
});
