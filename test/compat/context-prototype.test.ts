import { expect } from "chai";
import { App, AppClient, Context } from "../../src/index.js";

const issuesOpened = {
  action: "opened",
  issue: { number: 1, labels: [{ id: 7, name: "bug" }] },
  repository: { name: "hello", full_name: "octo/hello", owner: { login: "octo" } },
};

/**
 * Probot apps added helpers to every context through Probot's class:
 * `Context.prototype.label = async function (...) { ... }`, typed by augmenting the module
 * (test/types/augmentation.ts). The contexts handlers get are instances of that class.
 */
describe("Probot apps: a member added to Context.prototype", () => {
  const added = "issueLabelNames";
  afterEach(() => {
    delete (Context.prototype as unknown as Record<string, unknown>)[added];
  });

  it("is there on the contexts handlers get, with this bound to the context", async () => {
    Object.defineProperty(Context.prototype, added, {
      configurable: true,
      value(this: Context<"issues.opened">) {
        return this.payload.issue.labels?.map((label) => label.name);
      },
    });
    const app = new App({ platformToken: "test", Client: AppClient });
    const seen: unknown[] = [];
    app.on("issues.opened", async (context) => {
      expect(context).to.be.instanceOf(Context);
      seen.push((context as unknown as Record<string, () => unknown>)[added]!());
    });
    await app.receive({ id: "delivery-1", name: "issues", payload: issuesOpened } as never);
    expect(seen).to.deep.equal([["bug"]]);
  });
});
