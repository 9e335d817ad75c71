import { expect } from "chai";
import { App } from "../../src/index.js";

// As behaviorbot/request-info: its tests (Probot 7) hand app.receive() events written as Probot 7
// to 9 named them, `{ event: "issues", payload }`. Probot named it `name` then and warned.
// Here no handler ran and receive() resolved: the tests' spies were never called.
describe("compat: app.receive({ event, payload }), Probot 7 to 9's key of the event's name", () => {
  const payload = { action: "opened", issue: { number: 1 }, repository: { name: "r", owner: { login: "o" } } };

  it("runs the handlers of that event and of its action, with one DeprecationWarning", async () => {
    const app = new App({ Client: function () {} as never });
    const ran: string[] = [];
    app.on("issues", (context) => void ran.push(`${context.name}`));
    app.on("issues.opened", (context) => void ran.push(`${context.name}.${String(context.payload.action)}`));
    app.on("pull_request", () => void ran.push("pull_request"));
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      await app.receive({ event: "issues", payload } as never);
      await app.receive({ event: "issues", payload } as never);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(ran.sort()).to.deep.equal(["issues", "issues", "issues.opened", "issues.opened"]);
    expect(warnings.filter((w) => w.includes("receive({ event, payload })"))).to.have.length(1);
  });

  it("a name given beside it wins, as in Probot", async () => {
    const app = new App({ Client: function () {} as never });
    const ran: string[] = [];
    app.on("issues", () => void ran.push("issues"));
    app.on("pull_request", () => void ran.push("pull_request"));
    await app.receive({ name: "pull_request", event: "issues", payload } as never);
    expect(ran).to.deep.equal(["pull_request"]);
  });
});
