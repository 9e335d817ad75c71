import { expect } from "chai";
import type { Redis } from "ioredis";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../helpers/otlp-receiver.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { deliver, eventually, queueEnv, RECORDER } from "../queue/queue-helpers.js";

const SPAN_KIND = { internal: 1, producer: 4, consumer: 5 };
/** What queue-helpers' deliver() sends as the request's own traceparent: not the trace the web instance starts. */
const REQUEST_TRACE_ID = "0af7651916cd43dd8448eb211c80319c";

// Queue mode with OpenTelemetry on: a web instance (--no-worker) and an
// `app worker`, two processes exporting to one OTLP receiver.
describe("OpenTelemetry in queue mode (app run --no-worker and app worker)", function () {
  this.timeout(90_000);
  let redis: RedisServer;
  let client: Redis;
  let receiver: OtlpReceiver;
  const children: SpawnedApp[] = [];

  const otel = (service: string) => ({
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_SERVICE_NAME: service,
    OTEL_BSP_SCHEDULE_DELAY: "50",
    OTEL_METRIC_EXPORT_INTERVAL: "200",
    LOG_FORMAT: "json",
  });
  const start = async (command: "run" | "worker", args: string[], env: Record<string, string>) => {
    const child = await spawnApp({
      command,
      args: [RECORDER, ...args],
      env: queueEnv(redis.url, env),
      readyPattern: command === "worker" ? /worker started/ : /listening on (http:\/\/[\d.:]+)/,
    });
    children.push(child);
    return child;
  };

  before(async () => {
    redis = await startRedisServer();
    receiver = await startOtlpReceiver();
    const { Redis } = await import("ioredis");
    client = new Redis(redis.url);
  });
  after(async () => {
    for (const child of children.splice(0)) {
      child.kill("SIGKILL");
      await child.exit;
    }
    client?.disconnect();
    await receiver?.close();
    await redis?.stop();
  });

  it("continues the web instance's trace in the worker through the job, and reports the queue's depth and oldest age", async () => {
    const web = await start("run", ["--no-worker"], otel("queue-web"));
    const ids = ["traced-1-abcdef", "traced-2-abcdef"];
    for (const id of ids) expect((await deliver(web.url, id)).status).to.equal(202);

    // No worker yet: both wait in the queue, and the web instance's gauges say so.
    const depth = await receiver.waitForMetric("github_app.queue.depth", (metric) => metric.points[0]?.value === 2);
    expect(depth.unit).to.equal("{delivery}");
    const age = await receiver.waitForMetric(
      "github_app.queue.oldest_age",
      (metric) => (metric.points[0]?.value ?? 0) > 0,
    );
    expect(age.unit).to.equal("s");
    expect(age.points[0]!.value).to.be.below(60);

    await start("worker", [], otel("queue-worker"));
    await eventually(async () => (await client.lrange("record:done", 0, -1)).length === 2);
    const spans = await receiver.waitForSpans(
      (all) =>
        ids.every((id) =>
          all.some(
            (span) =>
              span.name === "handler #1" &&
              span.resource["service.name"] === "queue-worker" &&
              span.attributes["github.event"] === "issues" &&
              all.some((s) => s.attributes["github.delivery_id"] === id && s.name === "webhook issues.opened"),
          ),
        ),
      20_000,
    );
    for (const id of ids) {
      const enqueued = spans.find(
        (span) => span.name === "enqueue issues.opened" && span.attributes["github.delivery_id"] === id,
      )!;
      const delivery = spans.find(
        (span) => span.name === "webhook issues.opened" && span.attributes["github.delivery_id"] === id,
      )!;
      expect(enqueued, `the web's span of ${id}`).to.exist;
      expect(delivery, `the worker's span of ${id}`).to.exist;
      expect(enqueued.resource["service.name"]).to.equal("queue-web");
      expect(enqueued.kind).to.equal(SPAN_KIND.producer);
      expect(enqueued.parentSpanId).to.equal("");
      expect(enqueued.traceId).not.to.equal(REQUEST_TRACE_ID);
      expect(enqueued.attributes).to.include({
        "github.event": "issues",
        "github.action": "opened",
        "github.outcome": "queued",
      });
      // One trace across both processes: the worker's delivery span is the web span's child.
      expect(delivery.resource["service.name"]).to.equal("queue-worker");
      expect(delivery.kind).to.equal(SPAN_KIND.consumer);
      expect(delivery.traceId).to.equal(enqueued.traceId);
      expect(delivery.parentSpanId).to.equal(enqueued.spanId);
      const handler = spans.find(
        (span: ReceivedSpan) => span.name === "handler #1" && span.parentSpanId === delivery.spanId,
      );
      expect(handler, `the handler span of ${id}`).to.exist;
      expect(handler!.traceId).to.equal(enqueued.traceId);
    }

    // Once run, nothing waits.
    await receiver.waitForMetric("github_app.queue.depth", (metric) => metric.points[0]?.value === 0);
    await receiver.waitForMetric("github_app.queue.oldest_age", (metric) => metric.points[0]?.value === 0);
    // Stopping reads the gauges once more, from a closed queue: it fails at once instead of hanging.
    // (stderr is not checked: at this test's 200 ms export interval, a busy machine times exports out.)
    web.kill("SIGTERM");
    expect(await web.exit).to.deep.equal({ code: 0, signal: null });
  });
});
