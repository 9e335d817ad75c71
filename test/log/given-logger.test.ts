import { expect } from "chai";
import { randomBytes } from "node:crypto";
import pino from "pino";
import { App } from "../../src/app.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { getTestKeys } from "../helpers/keys.js";
import { FastClient, TEST_SECRET, issuesOpenedPayload } from "../helpers/test-app.js";
import { startTestServer } from "../server/start-test-server.js";

// Probot's tests and many apps' give their own pino logger writing to a stream they read
// (`new Probot({ log: pino(stream) })`): the lines the framework writes there, and those written through
// `app.log` and `context.log`, are scrubbed as the framework's own logger's are.
describe("a logger the app gives (`log: pino(stream)`)", () => {
  let platform: FakePlatform;
  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, tokenFormat: "stateless" });
  });
  after(() => platform.close());

  function appWith(logs: LogCapture, log = pino({ level: "debug" }, logs.stream)): App {
    return new App({
      appId: 1,
      privateKey: getTestKeys().privateKeyPkcs1,
      secret: TEST_SECRET,
      baseUrl: platform.url,
      Client: FastClient,
      log,
    });
  }

  async function deliver(app: App, id: string): Promise<void> {
    await app.receive({ id, name: "issues", payload: issuesOpenedPayload() } as never).catch(() => undefined);
  }

  it("keeps an installation token out of the failure line, context.log, app.log and their children", async () => {
    const logs = createLogCapture();
    const app = appWith(logs);
    const opaque = `opaque-${randomBytes(16).toString("hex")}`;
    app.on("issues.opened", async (context) => {
      const { token } = (await context.client.auth({ type: "installation" })) as { token: string };
      context.log.info(`acting with ${token}`);
      context.log.child({ step: "label" }).warn({ headers: { authorization: `token ${token}` } }, "headers");
      app.log.debug({ token: opaque }, "an opaque value under a secret key");
      app.log(`callable log with ${token}`);
      throw new Error(`Bad credentials for ${token}`, { cause: new Error(`cause holds ${token}`) });
    });

    await deliver(app, "given-1");

    const [token] = platform.issuedTokens();
    expect(token, "a token was issued").to.be.a("string");
    const text = logs.text();
    expect(text).not.to.include(token!);
    for (let i = 0; i + 9 <= token!.length; i += 9) expect(text).not.to.include(token!.slice(i, i + 9));
    expect(text).not.to.include(opaque);
    expect(text).to.include("acting with [REDACTED]");
    expect(text).to.include("callable log with [REDACTED]");
    const failure = logs.records().find((record) => record["level"] === 50);
    expect(failure, "the failure line").to.not.equal(undefined);
    expect(JSON.stringify(failure)).to.include("Bad credentials for [REDACTED]");
    const step = logs.records().find((record) => record["step"] === "label");
    expect(step, "the child's line keeps its bindings").to.include({ msg: "headers" });
  });

  it("hands a spy on the given logger the app's own values when they hold no secret", async () => {
    const logs = createLogCapture();
    const log = pino({ level: "debug" }, logs.stream);
    const calls: unknown[][] = [];
    const error = log.error.bind(log);
    log.error = ((...args: unknown[]) => {
      calls.push(args);
      (error as (...values: unknown[]) => void)(...args);
    }) as typeof log.error;
    const app = appWith(logs, log);
    const thrown = new Error("nothing secret here");
    app.on("issues.opened", () => {
      throw thrown;
    });

    await deliver(app, "given-2");

    const passed = calls.flat().find((value) => value instanceof Error) as Error | undefined;
    expect(passed, "the error itself, not a copy").to.equal(thrown);
    expect(logs.text()).to.include("nothing secret here");
  });

  it("keeps an Error's type and own fields when it scrubs a copy of it", async () => {
    const logs = createLogCapture();
    const app = appWith(logs);
    class LabelError extends Error {
      override name = "LabelError";
      status = 422;
    }
    const token = `ghs_${randomBytes(18).toString("hex")}`;
    app.log.error(new LabelError(`could not label with ${token}`));

    const record = logs.records()[0]!;
    expect(record["msg"]).to.equal("could not label with [REDACTED]");
    expect(record["err"]).to.deep.include({ type: "LabelError", status: 422 });
    expect(logs.text()).not.to.include(token);
  });

  it("keeps a token out of the lines a server given that logger writes (a route's failure)", async () => {
    const logs = createLogCapture();
    const token = `ghs_${randomBytes(18).toString("hex")}`;
    const test = await startTestServer(
      ({ getRouter }) => {
        getRouter("/given").get("/fails", () => {
          throw new Error(`upstream refused ${token}`);
        });
      },
      { log: pino({ level: "debug" }, logs.stream) },
    );
    try {
      const response = await fetch(`${test.url}/given/fails`);
      expect(response.status).to.equal(500);
    } finally {
      await test.close();
    }
    expect(logs.text()).to.include("upstream refused [REDACTED]");
    expect(logs.text()).not.to.include(token);
  });
});
