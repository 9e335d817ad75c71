import { expect } from "chai";
import { App } from "../../src/index.js";

// Probot 10 to 14 never construct the Octokit they are given: they make the client class with
// `Octokit.defaults(...)` and construct that. nikku/merge-me's tests (Probot 10) give an object whose
// defaults() answers a constructor of their replaying client: `new Probot({ log, Octokit: { defaults:
// () => function Octokit() { return octokit; } } })`. Here the given Client was constructed itself:
// `state.Client is not a constructor`, and every event failed.
describe("compat: a Client given as Probot's Octokit, made into the client class with defaults()", () => {
  const payload = {
    action: "opened",
    issue: { number: 7 },
    repository: { name: "r", owner: { login: "o" } },
    installation: { id: 42 },
  };

  it("gives each event a client of the class the given defaults() answers", async () => {
    const comments: unknown[] = [];
    const fake = {
      auth: async () => fake,
      issues: { createComment: async (params: unknown) => void comments.push(params) },
    };
    const asked: unknown[] = [];
    const Client = {
      defaults: (options: unknown) => {
        asked.push(options);
        return function Replaying() {
          return fake;
        };
      },
    };
    const app = new App({ platformToken: "t", Client: Client as never });
    app.on("issues.opened", async (context) => {
      await context.client.issues.createComment(context.issue({ body: "hi" }));
    });
    await app.receive({ id: "1", name: "issues", payload } as never);
    expect(comments).to.deep.equal([{ owner: "o", repo: "r", issue_number: 7, body: "hi" }]);
    expect(asked).to.have.length(1);
  });

  it("a class given as the Client still makes clients of its own kind", async () => {
    const { AppClient } = await import("../../src/index.js");
    const Mine = AppClient.defaults({ userAgent: "mine" });
    const app = new App({ platformToken: "t", Client: Mine });
    let seen: unknown;
    app.on("issues", (context) => void (seen = context.client));
    await app.receive({ id: "2", name: "issues", payload } as never);
    expect(seen).to.be.instanceOf(Mine);
  });

  // merge-me's double answers every member with a replayed API call (a Proxy): the delivery hook
  // added to each event's client, `client.hook.before(...)`, took the place of the first recorded call.
  it("adds nothing to a client its constructor did not make (a double answering every member)", async () => {
    const calls: string[] = [];
    const handler = (group: string) =>
      new Proxy({}, { get: (_target, method) => async () => void calls.push(`${group}.${String(method)}`) });
    const replaying: object = new Proxy(
      {},
      {
        get: (_target, group) =>
          group === "then" ? undefined : group === "auth" ? async () => replaying : handler(String(group)),
      },
    );
    const Client = {
      defaults: () =>
        function Replaying() {
          return replaying;
        },
    };
    const app = new App({ platformToken: "t", Client: Client as never });
    app.on("issues.opened", async (context) => {
      await context.client.issues.createComment(context.issue({ body: "hi" }));
    });
    await app.receive({ id: "3", name: "issues", payload } as never);
    expect(calls).to.deep.equal(["issues.createComment"]);
  });
});
