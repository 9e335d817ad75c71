import { AppError } from "../errors.js";

export type OtlpProtocol = "http/protobuf" | "http/json";

export type SignalConfig = { exporter: "otlp" | "console"; protocol: OtlpProtocol; url: string };

/** `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG`. */
export type SamplerConfig = { name: (typeof SAMPLERS)[number]; ratio: number };

export type TelemetryConfig = {
  /** `OTEL_SERVICE_NAME`, default `gh-app-kit`, the package name (CONTRACT.md says `app-framework`, the name the package had). */
  serviceName: string;
  /** `OTEL_RESOURCE_ATTRIBUTES`: `key=value,key2=value2`. */
  resourceAttributes: Record<string, string>;
  traces: (SignalConfig & { sampler: SamplerConfig; scheduledDelayMs: number }) | undefined;
  metrics: (SignalConfig & { intervalMs: number }) | undefined;
};

export const DEFAULT_SERVICE_NAME = "gh-app-kit";
const DEFAULT_ENDPOINT = "http://localhost:4318";
const PROTOCOLS: readonly string[] = ["http/protobuf", "http/json"];
const EXPORTERS: readonly string[] = ["otlp", "console", "none"];
const SAMPLERS = [
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
  "always_on",
  "always_off",
  "traceidratio",
] as const;

/** Undefined (nothing of OpenTelemetry loaded) unless an endpoint or exporter is set. */
export function readTelemetryConfig(env: NodeJS.ProcessEnv): TelemetryConfig | undefined {
  if (value(env, "OTEL_SDK_DISABLED")?.toLowerCase() === "true") return undefined;
  const endpoint = value(env, "OTEL_EXPORTER_OTLP_ENDPOINT");
  const tracesEndpoint = value(env, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
  const metricsEndpoint = value(env, "OTEL_EXPORTER_OTLP_METRICS_ENDPOINT");
  const tracesExporter = exporter(env, "OTEL_TRACES_EXPORTER");
  const metricsExporter = exporter(env, "OTEL_METRICS_EXPORTER");
  if (!endpoint && !tracesEndpoint && !metricsEndpoint && !tracesExporter && !metricsExporter) return undefined;

  const traces =
    tracesExporter === "none" || (!tracesExporter && !endpoint && !tracesEndpoint)
      ? undefined
      : {
          ...signal(env, "TRACES", tracesExporter ?? "otlp", tracesEndpoint, endpoint, "/v1/traces"),
          sampler: sampler(env),
          scheduledDelayMs: milliseconds(env, "OTEL_BSP_SCHEDULE_DELAY", 5000),
        };
  const metrics =
    metricsExporter === "none" || (!metricsExporter && !endpoint && !metricsEndpoint)
      ? undefined
      : {
          ...signal(env, "METRICS", metricsExporter ?? "otlp", metricsEndpoint, endpoint, "/v1/metrics"),
          intervalMs: milliseconds(env, "OTEL_METRIC_EXPORT_INTERVAL", 60_000),
        };
  if (!traces && !metrics) return undefined;
  return {
    serviceName: value(env, "OTEL_SERVICE_NAME") ?? DEFAULT_SERVICE_NAME,
    resourceAttributes: parseResourceAttributes(value(env, "OTEL_RESOURCE_ATTRIBUTES")),
    traces,
    metrics,
  };
}

function signal(
  env: NodeJS.ProcessEnv,
  name: "TRACES" | "METRICS",
  exporterName: "otlp" | "console",
  own: string | undefined,
  shared: string | undefined,
  path: string,
): SignalConfig {
  const variable = value(env, `OTEL_EXPORTER_OTLP_${name}_PROTOCOL`)
    ? `OTEL_EXPORTER_OTLP_${name}_PROTOCOL`
    : "OTEL_EXPORTER_OTLP_PROTOCOL";
  const protocol = value(env, variable) ?? "http/protobuf";
  if (!PROTOCOLS.includes(protocol)) {
    throw new AppError("OPTION_INVALID", `${variable}=${protocol} is not supported.`, {
      hint: "Use http/protobuf (the default) or http/json, the OTLP over HTTP protocols.",
    });
  }
  // A signal's own endpoint is used as it is; the shared one gets the signal's path (OTLP/HTTP spec).
  const url = own ?? `${(shared ?? DEFAULT_ENDPOINT).replace(/\/+$/, "")}${path}`;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new AppError("OPTION_INVALID", `The OTLP endpoint for ${name.toLowerCase()} is not an http(s) address.`, {
      hint: "Set OTEL_EXPORTER_OTLP_ENDPOINT to the collector's OTLP/HTTP address, e.g. http://localhost:4318.",
    });
  }
  return { exporter: exporterName, protocol: protocol as OtlpProtocol, url };
}

function exporter(env: NodeJS.ProcessEnv, name: string): "otlp" | "console" | "none" | undefined {
  const given = value(env, name);
  if (given === undefined) return undefined;
  // A list is allowed by the spec; the first one is used.
  const first = given.split(",")[0]!.trim();
  if (!EXPORTERS.includes(first)) {
    throw new AppError("OPTION_INVALID", `${name}=${given} is not supported.`, { hint: `Use otlp, console or none.` });
  }
  return first as "otlp" | "console" | "none";
}

const MAX_TIMER_MS = 2_147_483_647;

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const given = value(env, name);
  if (given === undefined) return fallback;
  const ms = Number(given);
  if (!Number.isInteger(ms) || ms < 1) {
    throw new AppError("OPTION_INVALID", `${name}=${given} is not a whole number of milliseconds.`, {
      hint: `Leave it unset for ${fallback}, or give milliseconds, e.g. 1000.`,
    });
  }
  // A longer delay makes a Node.js timer fire at once: the exports would run without pause.
  if (ms > MAX_TIMER_MS) {
    throw new AppError("OPTION_INVALID", `${name}=${given} is longer than a timer can wait.`, {
      hint: `Give at most ${MAX_TIMER_MS} milliseconds (about 24.8 days), or leave it unset for ${fallback}.`,
    });
  }
  return ms;
}

function sampler(env: NodeJS.ProcessEnv): SamplerConfig {
  const name = value(env, "OTEL_TRACES_SAMPLER") ?? "parentbased_always_on";
  if (!(SAMPLERS as readonly string[]).includes(name)) {
    throw new AppError("OPTION_INVALID", `OTEL_TRACES_SAMPLER=${name} is not supported.`, {
      hint: `Use one of ${SAMPLERS.join(", ")}.`,
    });
  }
  const arg = value(env, "OTEL_TRACES_SAMPLER_ARG");
  const ratio = arg === undefined ? 1 : Number(arg);
  if (!(ratio >= 0 && ratio <= 1)) {
    throw new AppError("OPTION_INVALID", `OTEL_TRACES_SAMPLER_ARG=${arg} is not a ratio from 0 to 1.`, {
      hint: "Give the share of traces to keep, e.g. 0.1.",
    });
  }
  return { name: name as SamplerConfig["name"], ratio };
}

function parseResourceAttributes(text: string | undefined): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const pair of (text ?? "").split(",")) {
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    attributes[decode(pair.slice(0, at).trim())] = decode(pair.slice(at + 1).trim());
  }
  return attributes;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function value(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const given = env[name]?.trim();
  return given ? given : undefined;
}
