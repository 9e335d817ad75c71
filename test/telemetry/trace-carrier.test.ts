import { expect } from "chai";
import pino from "pino";
import { App } from "../../src/app.js";
import { readTelemetryConfig } from "../../src/telemetry/read-telemetry-config.js";
import { startTelemetry } from "../../src/telemetry/start-telemetry.js";
import type { Telemetry } from "../../src/telemetry/telemetry.js";
import { startOtlpReceiver, type OtlpReceiver } from "../helpers/otlp-receiver.js";
import { issuesOpenedPayload } from "../helpers/test-app.js";

// What queue mode needs: the trace context written into a job's data on one
// instance continues, through withTraceContext, in the worker's delivery span.
describe("carrying a trace through a plain object, and the queue's gauges (queue mode)", function () {
  this.timeout(20_000);
  let receiver: OtlpReceiver;
  let telemetry: Telemetry;

  before(async () => {
    receiver = await startOtlpReceiver();
    const config = readTelemetryConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "20",
      OTEL_METRIC_EXPORT_INTERVAL: "100",
    })!;
    telemetry = await startTelemetry(config);
  });
  after(async () => {
    await telemetry.shutdown();
    await receiver.close();
  });

  it("runs a delivery in the carried context, and injects the active one", async () => {
    const app = new App({ log: pino({ level: "silent" }), plugins: [telemetry.plugin] });
    expect(app.tracing).to.equal(telemetry);
    let inner: Record<string, string> = {};
    app.on("issues.opened", async function carry() {
      inner = telemetry.injectTraceContext();
    });
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const enqueuedBy = "00f067aa0ba902b7";
    const carrier = { traceparent: `00-${traceId}-${enqueuedBy}-01` };
    await telemetry.withTraceContext(carrier, () =>
      app.receive({ id: "job-1", name: "issues", payload: issuesOpenedPayload() }),
    );

    const spans = await receiver.waitForSpans((all) => all.some((span) => span.name === "webhook issues.opened"));
    const delivery = spans.find((span) => span.name === "webhook issues.opened")!;
    const handler = spans.find((span) => span.name === "handler carry")!;
    expect(delivery.traceId).to.equal(traceId);
    expect(delivery.parentSpanId).to.equal(enqueuedBy);
    expect(inner.traceparent).to.equal(`00-${traceId}-${handler.spanId}-01`);
  });

  it("reports the queue's depth and oldest age when queue mode observes its queue", async () => {
    let depth = 0;
    telemetry.observeQueue(async () => ({ depth: ++depth, oldestAgeSeconds: 12.5 }));
    const gauge = await receiver.waitForMetric(
      "github_app.queue.depth",
      (metric) => (metric.points[0]?.value ?? 0) >= 2,
    );
    expect(gauge.unit).to.equal("{delivery}");
    const age = await receiver.waitForMetric("github_app.queue.oldest_age");
    expect(age.points[0]!.value).to.equal(12.5);
  });

  it("leaves a delivery without a carrier in a trace of its own", async () => {
    const app = new App({ log: pino({ level: "silent" }), plugins: [telemetry.plugin] });
    app.on("push", () => undefined);
    await telemetry.withTraceContext(undefined, () => app.receive({ id: "job-2", name: "push", payload: {} }));
    const spans = await receiver.waitForSpans((all) => all.some((span) => span.name === "webhook push"));
    expect(spans.find((span) => span.name === "webhook push")!.parentSpanId).to.equal("");
  });
});
