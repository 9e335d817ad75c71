import { expect } from "chai";
import { App } from "../../src/app.js";
import { isAppError } from "../../src/errors.js";
import { loadPrettyFactory } from "../../src/log/create-pretty-stream.js";
import { getLog } from "../../src/log/get-log.js";
import { createSentryStream, flushSentry } from "../../src/log/sentry.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { getTestKeys } from "../helpers/keys.js";
import { startSentryIngest, type SentryIngest } from "../helpers/sentry-ingest.js";

const TOKEN = "ghs_0123456789abcdefghijABCDEFGHIJ";

describe("Sentry reporting (getLog sentryDsn)", () => {
  let ingest: SentryIngest;

  // Pretty lines wait for pino-pretty while it loads: loaded first, the lines are there at once.
  before(() => loadPrettyFactory());

  beforeEach(async () => {
    ingest = await startSentryIngest();
  });
  afterEach(() => ingest.close());

  it("sends a line at error with its error, stack, message and delivery tags, and nothing below error", async () => {
    const logs = createLogCapture();
    const log = getLog({ logFormat: "json", sentryDsn: ingest.dsn, destination: logs.stream, env: {} });
    const error = new Error("Request failed");
    log.info("just information");
    log.warn("a warning");
    log.child({ id: "delivery-1", event: "issues", installation: 7 }).error({ err: error }, "Handler failed");
    await flushSentry();

    const events = await ingest.waitForEvents(1);
    expect(events).to.have.length(1);
    const [event] = events;
    expect(event!.level).to.equal("error");
    expect(event!.tags).to.include({ delivery: "delivery-1", event: "issues", installation: "7" });
    expect(event!.extra).to.include({ message: "Handler failed" });
    const exception = event!.exception!.values![0]!;
    expect(exception).to.include({ type: "Error", value: "Request failed" });
    expect(exception.stacktrace!.frames).to.have.length.greaterThan(0);
    // The normal destination still gets every line.
    expect(logs.lines()).to.have.length(3);
  });

  it("tags a context.log line with the delivery, event and installation though the record binds only the id", async () => {
    const logs = createLogCapture();
    const log = getLog({ logFormat: "json", sentryDsn: ingest.dsn, destination: logs.stream, env: {} });
    const app = new App({ platformToken: "test", log });
    app.on("issues.opened", async (context) => {
      context.log.error({ err: new Error("Handler failed") }, "Handler failed");
    });
    await app.receive({ id: "delivery-2", name: "issues", payload: { action: "opened", installation: { id: 9 } } });
    await flushSentry();
    const [event] = await ingest.waitForEvents(1);
    expect(event!.tags).to.include({ delivery: "delivery-2", event: "issues", installation: "9" });
    // The log line itself has Probot's bindings only.
    const record = logs.records().find((line) => line["msg"] === "Handler failed");
    expect(record).to.include({ name: "event", id: "delivery-2" });
    expect(record).not.to.have.any.keys("event", "installation");
  });

  it("titles a failed delivery's aggregate with the handlers' messages, not their stacks", async () => {
    const log = getLog({ logFormat: "json", sentryDsn: ingest.dsn, destination: createLogCapture().stream, env: {} });
    const app = new App({ platformToken: "test", log });
    app.on("issues.opened", async () => {
      throw new Error("Handler failed");
    });
    const error = await app.receive({ id: "d-3", name: "issues", payload: { action: "opened" } }).catch((e) => e);
    log.error({ err: error }, "Delivery d-3 failed");
    await flushSentry();
    // receive() logged the handler's own error first, as Probot's does.
    const events = await ingest.waitForEvents(2);
    expect(events.map((event) => event.exception!.values![0]!.type).sort()).to.deep.equal([
      "AppAggregateError",
      "Error",
    ]);
    const aggregate = events.find((event) => event.exception!.values![0]!.type === "AppAggregateError");
    expect(aggregate!.exception!.values![0]).to.include({ type: "AppAggregateError", value: "Handler failed" });
  });

  it("sends fatal lines without an error as messages, also from the pretty format", async () => {
    const logs = createLogCapture();
    const log = getLog({ logFormat: "pretty", sentryDsn: ingest.dsn, destination: logs.stream, env: {} });
    log.fatal("Out of memory");
    await flushSentry();
    const [event] = await ingest.waitForEvents(1);
    expect(event).to.include({ level: "fatal", message: "Out of memory" });
    expect(logs.text()).to.include("Out of memory");
  });

  it("reads the message under a custom message key with the level as a word", async () => {
    const log = getLog({
      logFormat: "json",
      logMessageKey: "message",
      logLevelInString: true,
      sentryDsn: ingest.dsn,
      destination: createLogCapture().stream,
      env: {},
    });
    log.error("Custom key");
    await flushSentry();
    const [event] = await ingest.waitForEvents(1);
    expect(event).to.include({ level: "error", message: "Custom key" });
  });

  it("never sends a token, a private key or a secret", async () => {
    const log = getLog({ logFormat: "json", sentryDsn: ingest.dsn, destination: createLogCapture().stream, env: {} });
    const pem = getTestKeys().privateKeyPkcs1;
    log.error({ err: new Error(`Bad credentials for token ${TOKEN}`), privateKey: pem, token: TOKEN }, `key ${pem}`);
    await flushSentry();
    await ingest.waitForEvents(1);
    const sent = ingest.bodies().join("\n");
    expect(sent).to.include("Bad credentials for token");
    expect(sent).not.to.include(TOKEN);
    expect(sent).not.to.include("PRIVATE KEY-----\\nMII");
    expect(sent).not.to.include(pem.split("\n")[1]!);
  });

  for (const dsn of ["not a url", "ftp://key@127.0.0.1/1", "http://127.0.0.1/1", "http://key@127.0.0.1/project"]) {
    it(`rejects the DSN "${dsn}" with a hint and without repeating it`, () => {
      let thrown: unknown;
      try {
        createSentryStream({ dsn });
      } catch (error) {
        thrown = error;
      }
      expect(isAppError(thrown), String(thrown)).to.equal(true);
      const { code, message, hint } = thrown as { code: string; message: string; hint: string };
      expect(code).to.equal("OPTION_INVALID");
      expect(message).to.include("SENTRY_DSN");
      expect(`${message} ${hint}`).not.to.include(dsn);
    });
  }
});
