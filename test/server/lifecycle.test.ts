import { expect } from "chai";
import { setTimeout as sleep } from "node:timers/promises";
import { isAppError } from "../../src/errors.js";
import { createServer } from "../../src/server/create-server.js";
import { createTestApp, issuesOpenedPayload } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { startTestServer, type TestServer } from "./start-test-server.js";

/** A promise and the function that settles it, for handlers the test releases. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe("createServer: timeout, stop and port", () => {
  let test: TestServer | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it("answers 202 when handlers outlast handlerTimeoutMs, and lets them finish", async () => {
    const release = gate();
    let finished = false;
    test = await startTestServer(
      ({ app }) => {
        app.on("issues", async () => {
          await release.promise;
          finished = true;
        });
      },
      { handlerTimeoutMs: 100 },
    );
    const response = await test.deliver("issues", issuesOpenedPayload());
    expect(response.status).to.equal(202);
    expect(test.server.inFlight()).to.equal(1);
    release.open();
    await sleep(20);
    expect(finished).to.equal(true);
    expect(test.server.inFlight()).to.equal(0);
  });

  it("logs a failure that comes after the 202 once, with the delivery id", async () => {
    const release = gate();
    test = await startTestServer(
      ({ app }) => {
        app.on("issues", async () => {
          await release.promise;
          throw new Error("late failure");
        });
      },
      { handlerTimeoutMs: 50 },
    );
    expect((await test.deliver("issues", issuesOpenedPayload(), { id: "d-late" })).status).to.equal(202);
    release.open();
    await sleep(20);
    const errors = test.logs.records().filter((record) => record["level"] === 50);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ id: "d-late", event: "issues.opened" });
  });

  it("stop() waits for a handler still running after its 202, then refuses connections", async () => {
    const events: string[] = [];
    test = await startTestServer(
      ({ app }) => {
        app.on("issues", async () => {
          await sleep(150);
          events.push("handler done");
        });
      },
      { handlerTimeoutMs: 20 },
    );
    expect((await test.deliver("issues", issuesOpenedPayload())).status).to.equal(202);
    expect(test.server.inFlight()).to.equal(1);
    await test.server.stop({ graceMs: 2000 });
    events.push("stopped");
    expect(events).to.deep.equal(["handler done", "stopped"]);
    await fetch(`${test.url}/ping`).then(
      () => expect.fail("the server still accepts connections"),
      (error: Error) => expect(error).to.be.instanceOf(TypeError),
    );
  });

  it("stop() answers a delivery that is mid-handler before it closes the connection", async () => {
    const release = gate();
    test = await startTestServer(({ app }) => {
      app.on("issues", () => release.promise);
    });
    const delivery = test.deliver("issues", issuesOpenedPayload());
    await until(() => test!.server.inFlight() === 1);
    const stopped = test.server.stop({ graceMs: 2000 });
    release.open();
    await stopped;
    expect((await delivery).status).to.equal(200);
  });

  it("rejects start() with PORT_IN_USE, naming PORT, when the port is taken", async () => {
    test = await startTestServer();
    const { app } = createTestApp(undefined);
    const port = Number(new URL(test.url).port);
    const second = createServer({ app, port, host: "127.0.0.1" });
    const error = await second.start().then(
      () => expect.fail("start() succeeded"),
      (failure: unknown) => failure,
    );
    expect(isAppError(error) && error.code).to.equal("PORT_IN_USE");
    expect((error as Error).message).to.equal(`Port ${port} is already in use.`);
    expect(isAppError(error) && error.hint).to.include("PORT");
  });

  it("listens for unhandled rejections only while started, with one process listener for all servers", async () => {
    const before = process.listenerCount("unhandledRejection");
    test = await startTestServer();
    const second = await startTestServer();
    expect(process.listenerCount("unhandledRejection")).to.equal(before + 1);
    await second.close();
    expect(process.listenerCount("unhandledRejection")).to.equal(before + 1);
    await test.close();
    test = undefined;
    expect(process.listenerCount("unhandledRejection")).to.equal(before);
  });

  it("refuses a headers deadline longer than the request deadline at construction", () => {
    const { app } = createTestApp(undefined);
    expect(() => createServer({ app, headersTimeoutMs: 5000, requestTimeoutMs: 1000 })).to.throw(
      /at most requestTimeoutMs/,
    );
    expect(() => createServer({ app, requestTimeoutMs: -1 })).to.throw(/requestTimeoutMs must be a positive number/);
  });

  it("refuses a port that is not a port at construction", () => {
    const { app } = createTestApp(undefined);
    expect(() => createServer({ app, port: 70000 })).to.throw(/0 to 65535/);
  });
});
