import { expect } from "chai";
import pino from "pino";
import { App, AppClient, createApp, createNodeMiddleware, createWebHandler } from "../../src/index.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { getTestKeys } from "../helpers/keys.js";
import { sign } from "../helpers/sign.js";

const WARNING = /No webhook secret is set: using "development"\. Anyone can forge deliveries with it/;
const issuesOpened = { action: "opened", issue: { number: 1 }, repository: { name: "r", owner: { login: "o" } } };

function appLogging(secret?: string): { app: App; logs: LogCapture } {
  const logs = createLogCapture();
  const log = pino({}, logs.stream as never);
  const env = secret ? { WEBHOOK_SECRET: secret } : {};
  const app = createApp({ env, overrides: { appId: 1, privateKey: getTestKeys().privateKeyPkcs1, log } });
  return { app, logs };
}

const said = (logs: LogCapture) => logs.records().filter((record) => WARNING.test(String(record.msg))).length;

/**
 * Probot says nothing when an app is made without a secret: an Action, `probot receive`, a test that
 * calls `receive`. The development secret is a danger only where deliveries come in over HTTP.
 */
describe("the development secret's warning: said where deliveries come in, once", () => {
  it("creating the app and receiving events through receive() says nothing, as in Probot", async () => {
    const { app, logs } = appLogging();
    app.on("issues.opened", async () => undefined);
    await app.receive({ id: "1", name: "issues", payload: issuesOpened } as never);
    expect(said(logs)).to.equal(0);
  });

  it("a server or middleware that takes deliveries with it says it, once for the app", () => {
    const { app, logs } = appLogging();
    createNodeMiddleware(() => undefined, { app });
    createWebHandler(app);
    const line = logs.records().find((record) => WARNING.test(String(record.msg)));
    expect(line?.level).to.equal(40);
    expect(said(logs)).to.equal(1);
  });

  it("the first delivery verified with it says it, once (a server of the app's own)", async () => {
    const { app, logs } = appLogging();
    const body = JSON.stringify(issuesOpened);
    expect(await app.webhooks.verify(body, sign("development", body))).to.equal(true);
    expect(await app.webhooks.verify(body, sign("development", body))).to.equal(true);
    expect(said(logs)).to.equal(1);
  });

  it("a secret of the app's own is never warned about", async () => {
    const { app, logs } = appLogging("s3cr3t-of-the-app");
    createWebHandler(app);
    const body = JSON.stringify(issuesOpened);
    expect(await app.webhooks.verify(body, sign("s3cr3t-of-the-app", body))).to.equal(true);
    expect(said(logs)).to.equal(0);
  });
});

/**
 * `new Probot({ appId, privateKey })` (Probot 10 to 14) verifies and signs with "development" when no
 * secret is given: tests sign their deliveries with `probot.webhooks.sign()` or with that word. `new App`
 * does the same outside production, as `createApp` does; in production it has no secret.
 */
describe("new App() without a secret, as new Probot()", () => {
  const Client = AppClient.defaults({ retry: { enabled: false }, throttle: { enabled: false } });
  const body = JSON.stringify(issuesOpened);
  const made = () => {
    const logs = createLogCapture();
    const app = new App({ platformToken: "test", Client, log: pino({}, logs.stream as never) });
    return { app, logs };
  };

  it('signs and verifies with "development" outside production, and runs the handlers of what it verified', async () => {
    const { app, logs } = made();
    let ran = 0;
    app.on("issues.opened", async () => void ran++);
    expect(await app.webhooks.sign(body)).to.equal(sign("development", body));
    await app.webhooks.verifyAndReceive({
      id: "1",
      name: "issues",
      payload: body,
      signature: sign("development", body),
    });
    expect(ran).to.equal(1);
    // Said once, where a delivery was verified with it.
    expect(said(logs)).to.equal(1);
    const other = made();
    createNodeMiddleware(() => undefined, { app: other.app });
    expect(said(other.logs)).to.equal(1);
  });

  it("has no secret in production: signing and verifying fail with WEBHOOK_SECRET_MISSING", async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      const { app } = made();
      const error = await app.webhooks.sign(body).then(
        () => undefined,
        (failure: Error & { code?: string }) => failure,
      );
      expect(error?.code).to.equal("WEBHOOK_SECRET_MISSING");
    } finally {
      if (before === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = before;
    }
  });
});
