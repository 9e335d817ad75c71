import { expect } from "chai";
import { App, type AppClient } from "../../src/index.js";
import { keptDeprecations } from "../helpers/expected-deprecations.js";

// Probot 7 to 10 made each event's client with `app.auth(installationId, log)`, and their tests
// replaced it to hand handlers a client double, as Probot 7's app template did:
// `app.auth = () => Promise.resolve(github)` (behaviorbot/request-info, wei/pull, electron/trop at
// Probot 9). Here the events' clients ignored it: the handlers called the platform instead.
describe("compat: an app whose auth() a test replaced, as Probot 7 to 10's tests did", () => {
  const payload = {
    action: "opened",
    issue: { number: 7 },
    repository: { name: "r", owner: { login: "o" } },
    installation: { id: 42 },
  };

  it("gives each event the client auth() returns, asked with the event's installation id", async () => {
    const comments: unknown[] = [];
    const github = { issues: { createComment: async (params: unknown) => void comments.push(params) } };
    const app = new App({ appId: 1, privateKey: "not used", secret: "s" });
    app.on("issues.opened", async (context) => {
      await context.client.issues.createComment(context.issue({ body: "hi" }));
    });
    const asked: Array<number | undefined> = [];
    app.auth = (installationId?: number) => {
      asked.push(installationId);
      return Promise.resolve(github as unknown as AppClient);
    };
    await app.receive({ id: "1", name: "issues", payload } as never);
    expect(comments).to.deep.equal([{ owner: "o", repo: "r", issue_number: 7, body: "hi" }]);
    expect(asked).to.deep.equal([42]);
    expect(keptDeprecations.some((message) => message.startsWith("The app's auth() was replaced"))).to.equal(true);
  });

  it("a failing replacement fails the delivery with its error", async () => {
    const app = new App({ appId: 1, privateKey: "not used", secret: "s" });
    app.on("issues", () => {});
    app.auth = () => Promise.reject(new Error("no client for you"));
    const error = await app.receive({ id: "2", name: "issues", payload } as never).catch((e: unknown) => e);
    expect(String(error)).to.include("no client for you");
  });

  it("leaves events alone when auth() is the App's own", async () => {
    const app = new App({ Client: function () {} as never });
    let seen: unknown;
    app.on("issues", (context) => void (seen = context.client));
    await app.receive({ id: "3", name: "issues", payload } as never);
    expect(Object.hasOwn(app, "auth")).to.equal(false);
    expect(seen).to.be.an("object");
  });
});
