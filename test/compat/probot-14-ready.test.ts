import { expect } from "chai";
import { App, type Context } from "../../src/index.js";
import { getTestKeys } from "../helpers/keys.js";
import { sign } from "../helpers/sign.js";

const SECRET = "ready-secret";

/**
 * Probot 14 starts its parts after the constructor and has `await probot.ready()` (resolving the
 * instance) before a delivery: apps written for it call it, as in a cloud function's handler that
 * builds its app for each request and then verifies and receives the delivery itself.
 */
describe("Probot 14: app.ready()", () => {
  it("resolves the app itself, and a delivery verified after it reaches the handlers", async () => {
    const app = new App({ appId: 1, privateKey: getTestKeys().privateKeyPkcs1, secret: SECRET });
    expect(await app.ready()).to.equal(app);
    const seen: string[] = [];
    await app.load(({ app: inner }) => inner.on("ping", (context: Context<"ping">) => void seen.push(context.id)));
    const payload = JSON.stringify({ zen: "Keep it logically awesome.", hook_id: 1 });
    await app.webhooks.verifyAndReceive({
      id: "d-ready",
      name: "ping",
      signature: sign(SECRET, payload),
      payload,
    });
    expect(seen).to.deep.equal(["d-ready"]);
  });

  it("is there on the argument of an app function in Probot's shape too", async () => {
    const app = new App({ appId: 1, privateKey: getTestKeys().privateKeyPkcs1, secret: SECRET });
    let readied: unknown;
    await app.load(async (probot: App) => {
      readied = await probot.ready();
    });
    expect(readied).to.be.an("object");
    expect((readied as App).webhooks).to.equal(app.webhooks);
  });
});
