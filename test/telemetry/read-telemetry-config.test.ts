import { expect } from "chai";
import { readTelemetryConfig } from "../../src/telemetry/read-telemetry-config.js";

describe("readTelemetryConfig (the OTEL_* variables)", () => {
  const rows: ReadonlyArray<
    [name: string, env: Record<string, string>, traces: string | undefined, metrics: string | undefined]
  > = [
    ["off without any variable", {}, undefined, undefined],
    [
      "off with OTEL_SDK_DISABLED=true",
      { OTEL_SDK_DISABLED: "true", OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" },
      undefined,
      undefined,
    ],
    [
      "the endpoint with each signal's path",
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318/" },
      "otlp http/protobuf http://c:4318/v1/traces",
      "otlp http/protobuf http://c:4318/v1/metrics",
    ],
    [
      "a signal's own endpoint as it is",
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://t/x" },
      "otlp http/protobuf http://t/x",
      undefined,
    ],
    [
      "json",
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" },
      "otlp http/json http://c/v1/traces",
      "otlp http/json http://c/v1/metrics",
    ],
    [
      "only traces with OTEL_TRACES_EXPORTER",
      { OTEL_TRACES_EXPORTER: "otlp" },
      "otlp http/protobuf http://localhost:4318/v1/traces",
      undefined,
    ],
    [
      "no metrics with OTEL_METRICS_EXPORTER=none",
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_METRICS_EXPORTER: "none" },
      "otlp http/protobuf http://c/v1/traces",
      undefined,
    ],
    [
      "console",
      { OTEL_TRACES_EXPORTER: "console" },
      "console http/protobuf http://localhost:4318/v1/traces",
      undefined,
    ],
  ];
  for (const [name, env, traces, metrics] of rows) {
    it(name, () => {
      const config = readTelemetryConfig(env);
      const describe = (signal: { exporter: string; protocol: string; url: string } | undefined) =>
        signal && `${signal.exporter} ${signal.protocol} ${signal.url}`;
      expect(describe(config?.traces)).to.equal(traces);
      expect(describe(config?.metrics)).to.equal(metrics);
    });
  }

  it("names the service gh-app-kit unless OTEL_SERVICE_NAME is set, and reads OTEL_RESOURCE_ATTRIBUTES", () => {
    expect(readTelemetryConfig({ OTEL_TRACES_EXPORTER: "otlp" })!.serviceName).to.equal("gh-app-kit");
    const config = readTelemetryConfig({
      OTEL_TRACES_EXPORTER: "otlp",
      OTEL_SERVICE_NAME: "bot",
      OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=prod,team=a%20b",
    })!;
    expect(config.serviceName).to.equal("bot");
    expect(config.resourceAttributes).to.deep.equal({ "deployment.environment": "prod", team: "a b" });
  });

  const invalid: ReadonlyArray<[Record<string, string>, string]> = [
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" },
      "OTEL_EXPORTER_OTLP_PROTOCOL=grpc",
    ],
    [{ OTEL_TRACES_EXPORTER: "zipkin" }, "OTEL_TRACES_EXPORTER=zipkin"],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "c:4318" }, "not an http(s) address"],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_METRIC_EXPORT_INTERVAL: "soon" },
      "OTEL_METRIC_EXPORT_INTERVAL=soon",
    ],
    [{ OTEL_TRACES_EXPORTER: "otlp", OTEL_TRACES_SAMPLER: "sometimes" }, "OTEL_TRACES_SAMPLER=sometimes"],
    // Longer than a timer waits: it would fire every millisecond, exporting without pause.
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_METRIC_EXPORT_INTERVAL: "5000000000" },
      "OTEL_METRIC_EXPORT_INTERVAL=5000000000",
    ],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c", OTEL_BSP_SCHEDULE_DELAY: "2147483648" },
      "OTEL_BSP_SCHEDULE_DELAY=2147483648",
    ],
  ];
  for (const [env, message] of invalid) {
    it(`refuses ${message} with OPTION_INVALID and a hint`, () => {
      expect(() => readTelemetryConfig(env))
        .to.throw(message)
        .with.property("code", "OPTION_INVALID");
    });
  }
});
