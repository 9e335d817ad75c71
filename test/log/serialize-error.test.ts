import { expect } from "chai";
import { loadPrettyFactory } from "../../src/log/create-pretty-stream.js";
import { getLog } from "../../src/log/get-log.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { createTestApp, issuesOpenedPayload } from "../helpers/test-app.js";

/** A delivery whose handler fails, logged the way the server logs failures. */
async function logFailedDelivery(level: "info" | "debug", logFormat: "pretty" | "json"): Promise<string> {
  const logs = createLogCapture();
  const log = getLog({ level, logFormat, destination: logs.stream });
  const { app } = createTestApp(undefined, { log });
  app.on("issues.opened", async () => {
    throw new Error("handler broke");
  });
  const error = await app
    .receive({ id: "d-1", name: "issues", payload: issuesOpenedPayload() })
    .catch((e: unknown) => e);
  log.error({ id: "d-1", err: error }, "Delivery d-1 failed");
  return logs.text();
}

describe("logged errors", () => {
  // Pretty lines wait for pino-pretty while it loads: loaded first, the lines are there at once.
  before(() => loadPrettyFactory());

  it("show no stack trace in the console at info level, only what failed", async () => {
    const text = await logFailedDelivery("info", "pretty");
    expect(text).to.include('"message": "handler broke"');
    expect(text).not.to.match(/\n\s+at /);
    expect(text).not.to.match(/\\n\s+at /);
  });

  it("show the stack trace at debug level", async () => {
    expect(await logFailedDelivery("debug", "pretty")).to.match(/\s+at /);
  });

  it("keep the stack in JSON lines, for the tools that read them", async () => {
    expect(await logFailedDelivery("info", "json")).to.include('"stack":"AggregateError');
  });

  for (const format of ["pretty", "json"] as const) {
    it(`never carry the delivery's payload (${format})`, async () => {
      const text = await logFailedDelivery("debug", format);
      expect(text).not.to.include("octocat");
      expect(text).not.to.include('"payload"');
    });
  }
});
