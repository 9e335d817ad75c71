import { context, diag, DiagLogLevel, metrics, propagation, SpanKind, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { MeterProvider, PeriodicExportingMetricReader } from "@opentelemetry/sdk-metrics";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
} from "@opentelemetry/sdk-trace";
import type { AppPlugin } from "../app.js";
import type { AppClient } from "../client/app-client.js";
import { scrubSecrets } from "../log/secrets.js";
import { VERSION } from "../version.js";
import { createMetricExporter, createSpanExporter } from "./create-exporters.js";
import { createInstruments } from "./instruments.js";
import type { SamplerConfig, TelemetryConfig } from "./read-telemetry-config.js";
import type { Telemetry } from "./telemetry.js";
import { deliveryAttributes, traceDeliveries } from "./trace-deliveries.js";
import { recordError } from "./record-error.js";
import { createRequestTracing } from "./trace-requests.js";
import { traceTokenExchanges } from "./trace-token-exchanges.js";

const SCOPE = "gh-app-kit";

/**
 * Starts OpenTelemetry for the process; the Apps given `telemetry.plugin` are
 * traced. The hosts (`run()`, the worker) import this module only when
 * OpenTelemetry is configured.
 */
export async function startTelemetry(config: TelemetryConfig): Promise<Telemetry> {
  diag.setLogger(
    {
      error: (message: string) => process.stderr.write(`OpenTelemetry: ${scrubSecrets(message)}\n`),
      warn: () => undefined,
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    DiagLogLevel.ERROR,
  );
  const resource = resourceFromAttributes({
    ...config.resourceAttributes,
    "service.name": config.serviceName,
    "service.version": VERSION,
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());

  const tracerProvider = config.traces
    ? new TracerProvider({
        resource,
        sampler: createSampler(config.traces.sampler),
        spanProcessors: [
          new BatchSpanProcessor({
            exporter: await createSpanExporter(config.traces),
            scheduledDelayMillis: config.traces.scheduledDelayMs,
          }),
        ],
      })
    : undefined;
  if (tracerProvider) trace.setGlobalTracerProvider(tracerProvider);
  const meterProvider = config.metrics
    ? new MeterProvider({
        resource,
        readers: [
          new PeriodicExportingMetricReader({
            exporter: await createMetricExporter(config.metrics),
            exportIntervalMillis: config.metrics.intervalMs,
            exportTimeoutMillis: Math.min(30_000, config.metrics.intervalMs),
          }),
        ],
      })
    : undefined;
  if (meterProvider) metrics.setGlobalMeterProvider(meterProvider);

  // Without a provider for a signal, the API's no-op tracer or meter stands in.
  const tracer = (tracerProvider ?? trace).getTracer(SCOPE, VERSION);
  const meter = (meterProvider ?? metrics).getMeter(SCOPE, VERSION);
  const instruments = createInstruments(meter);
  const tracePlugin = createRequestTracing(tracer, instruments);
  const tokenExchange = traceTokenExchanges(tracer, instruments);
  const plugin: AppPlugin = (app) => {
    app.webhooks.router.instrument(traceDeliveries(app.webhooks.router as never, tracer, instruments));
    return {
      wrapClient: (Client) => Client.plugin(tracePlugin) as typeof AppClient,
      tokenExchange,
      tracing: telemetry,
    };
  };

  let stopping: Promise<void> | undefined;
  const telemetry: Telemetry = {
    plugin,
    logFields() {
      const span = trace.getSpan(context.active());
      // A new object each time: pino merges the line's own fields into it.
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    injectTraceContext(carrier = {}) {
      propagation.inject(context.active(), carrier);
      return carrier;
    },
    async traceEnqueue(delivery, enqueue) {
      const attributes = deliveryAttributes(delivery);
      const action = attributes["github.action"];
      // Where the delivery span starts without a queue: the worker's delivery span is its child.
      const parent = context.active();
      const span = tracer.startSpan(
        `enqueue ${delivery.name}${action ? `.${action}` : ""}`,
        { kind: SpanKind.PRODUCER, attributes },
        parent,
      );
      const inSpan = trace.setSpan(parent, span);
      const carrier: Record<string, string> = {};
      propagation.inject(inSpan, carrier);
      try {
        const outcome = await context.with(inSpan, enqueue, undefined, carrier);
        span.setAttribute("github.outcome", outcome);
        return outcome;
      } catch (error) {
        span.setAttribute("github.outcome", "failure");
        recordError(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
    withTraceContext(carrier, fn) {
      return carrier ? context.with(propagation.extract(context.active(), carrier), fn) : fn();
    },
    observeQueue(read) {
      const depth = meter.createObservableGauge("github_app.queue.depth", {
        description: "Deliveries waiting in the queue.",
        unit: "{delivery}",
      });
      const age = meter.createObservableGauge("github_app.queue.oldest_age", {
        description: "How long the oldest waiting delivery has waited.",
        unit: "s",
      });
      // One read per export for both gauges.
      meter.addBatchObservableCallback(
        async (observer) => {
          // Redis away: no point this time, rather than an error line at each export.
          const reading = await Promise.resolve()
            .then(read)
            .catch(() => undefined);
          if (!reading) return;
          observer.observe(depth, reading.depth);
          observer.observe(age, reading.oldestAgeSeconds);
        },
        [depth, age],
      );
    },
    shutdown() {
      return (stopping ??= (async () => {
        await Promise.allSettled([tracerProvider?.shutdown(), meterProvider?.shutdown()]);
        // So that a later start in the same process (tests, a restarted run()) can register again.
        trace.disable();
        metrics.disable();
        propagation.disable();
        context.disable();
      })());
    },
  };
  return telemetry;
}

function createSampler({ name, ratio }: SamplerConfig): Sampler {
  const root = name.endsWith("always_off")
    ? new AlwaysOffSampler()
    : name.endsWith("traceidratio")
      ? new TraceIdRatioBasedSampler(ratio)
      : new AlwaysOnSampler();
  return name.startsWith("parentbased_") ? new ParentBasedSampler({ root }) : root;
}
