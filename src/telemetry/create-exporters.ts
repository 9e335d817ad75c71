import type { PushMetricExporter } from "@opentelemetry/sdk-metrics";
import type { SpanExporter } from "@opentelemetry/sdk-trace";
import type { SignalConfig } from "./read-telemetry-config.js";

/** Only the package of its protocol is loaded; the exporter reads `OTEL_EXPORTER_OTLP_*` itself. */
export async function createSpanExporter(config: SignalConfig): Promise<SpanExporter> {
  if (config.exporter === "console") return new (await import("@opentelemetry/sdk-trace")).ConsoleSpanExporter();
  const { OTLPTraceExporter } =
    config.protocol === "http/json"
      ? await import("@opentelemetry/exporter-trace-otlp-http")
      : await import("@opentelemetry/exporter-trace-otlp-proto");
  return new OTLPTraceExporter({ url: config.url });
}

export async function createMetricExporter(config: SignalConfig): Promise<PushMetricExporter> {
  if (config.exporter === "console") return new (await import("@opentelemetry/sdk-metrics")).ConsoleMetricExporter();
  const { OTLPMetricExporter } =
    config.protocol === "http/json"
      ? await import("@opentelemetry/exporter-metrics-otlp-http")
      : await import("@opentelemetry/exporter-metrics-otlp-proto");
  return new OTLPMetricExporter({ url: config.url });
}
