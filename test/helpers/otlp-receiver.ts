import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import protobuf from "protobufjs";

/** A span as received, whichever the encoding: ids in hex, attributes as plain values. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  /** "" for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, unknown>;
  /** OTLP StatusCode: 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  events: Array<{ name: string; attributes: Record<string, unknown> }>;
  resource: Record<string, unknown>;
};

/** One data point of a metric: its attributes and its value (a sum, a gauge value, or a histogram's count and sum). */
export type ReceivedPoint = { attributes: Record<string, unknown>; value?: number; count?: number; sum?: number };
export type ReceivedMetric = { name: string; unit: string; points: ReceivedPoint[] };

export type OtlpReceiver = {
  /** "http://127.0.0.1:PORT": for OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans(): ReceivedSpan[];
  metrics(): ReceivedMetric[];
  /** The content types of the requests received, e.g. "application/x-protobuf". */
  contentTypes(): string[];
  /** Resolves once `test(spans)` holds (fails after `timeoutMs`, default 10 s). */
  waitForSpans(test: (spans: ReceivedSpan[]) => boolean, timeoutMs?: number): Promise<ReceivedSpan[]>;
  /** The latest export of metric `name` for which `test` holds (by default, any). */
  waitForMetric(name: string, test?: (metric: ReceivedMetric) => boolean, timeoutMs?: number): Promise<ReceivedMetric>;
  /** How many export requests arrived. */
  requests(): number;
  close(): Promise<void>;
};

// The fields of opentelemetry-proto's trace messages the tests read, by their numbers in the .proto files.
const TRACE_SCHEMA = protobuf.Root.fromJSON({
  nested: {
    AnyValue: {
      oneofs: { value: { oneof: ["stringValue", "boolValue", "intValue", "doubleValue"] } },
      fields: {
        stringValue: { type: "string", id: 1 },
        boolValue: { type: "bool", id: 2 },
        intValue: { type: "int64", id: 3 },
        doubleValue: { type: "double", id: 4 },
      },
    },
    KeyValue: { fields: { key: { type: "string", id: 1 }, value: { type: "AnyValue", id: 2 } } },
    Resource: { fields: { attributes: { rule: "repeated", type: "KeyValue", id: 1 } } },
    Status: { fields: { message: { type: "string", id: 2 }, code: { type: "int32", id: 3 } } },
    Event: { fields: { name: { type: "string", id: 2 }, attributes: { rule: "repeated", type: "KeyValue", id: 3 } } },
    Span: {
      fields: {
        traceId: { type: "bytes", id: 1 },
        spanId: { type: "bytes", id: 2 },
        parentSpanId: { type: "bytes", id: 4 },
        name: { type: "string", id: 5 },
        kind: { type: "int32", id: 6 },
        startTimeUnixNano: { type: "fixed64", id: 7 },
        endTimeUnixNano: { type: "fixed64", id: 8 },
        attributes: { rule: "repeated", type: "KeyValue", id: 9 },
        events: { rule: "repeated", type: "Event", id: 11 },
        status: { type: "Status", id: 15 },
      },
    },
    ScopeSpans: { fields: { spans: { rule: "repeated", type: "Span", id: 2 } } },
    ResourceSpans: {
      fields: { resource: { type: "Resource", id: 1 }, scopeSpans: { rule: "repeated", type: "ScopeSpans", id: 2 } },
    },
    ExportTraceServiceRequest: { fields: { resourceSpans: { rule: "repeated", type: "ResourceSpans", id: 1 } } },
  },
}).lookupType("ExportTraceServiceRequest");

type Json = Record<string, any>;

/**
 * A local OTLP/HTTP collector on 127.0.0.1: takes `POST /v1/traces` (JSON or
 * protobuf) and `POST /v1/metrics` (JSON), answers 200, and keeps what it got.
 *
 * @example
 * const receiver = await startOtlpReceiver();
 * env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const metrics: ReceivedMetric[] = [];
  const types: string[] = [];
  let requests = 0;
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    void read(request).then((body) => {
      requests++;
      const type = String(request.headers["content-type"] ?? "");
      types.push(type);
      try {
        if (request.url === "/v1/traces") spans.push(...decodeTraces(body, type));
        else if (request.url === "/v1/metrics" && type.includes("json"))
          metrics.push(...decodeMetrics(JSON.parse(body.toString("utf8")) as Json));
      } catch (error) {
        response.writeHead(400).end(String(error));
        return;
      }
      response.writeHead(200, {
        "content-type": type.includes("json") ? "application/json" : "application/x-protobuf",
      });
      response.end(type.includes("json") ? "{}" : undefined);
      for (const check of waiters) check();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const waitFor = <T>(probe: () => T | undefined, what: string, timeoutMs: number): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = probe();
        if (found === undefined) return;
        finish();
        resolve(found);
      };
      const timer = setTimeout(() => {
        finish();
        reject(
          new Error(
            `${what} within ${timeoutMs} ms; got spans ${JSON.stringify(spans.map((span) => span.name))}, metrics ${JSON.stringify(metrics.map((metric) => metric.name))}`,
          ),
        );
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    url,
    spans: () => [...spans],
    metrics: () => [...metrics],
    contentTypes: () => [...types],
    requests: () => requests,
    waitForSpans: (test, timeoutMs = 10_000) =>
      waitFor(() => (test(spans) ? [...spans] : undefined), "No matching spans", timeoutMs),
    waitForMetric: (name, test = () => true, timeoutMs = 10_000) =>
      waitFor(
        () => [...metrics].reverse().find((metric) => metric.name === name && test(metric)),
        `No matching metric ${name}`,
        timeoutMs,
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function read(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function decodeTraces(body: Buffer, type: string): ReceivedSpan[] {
  const message: Json = type.includes("json")
    ? (JSON.parse(body.toString("utf8")) as Json)
    : (TRACE_SCHEMA.toObject(TRACE_SCHEMA.decode(body), { longs: String, bytes: String }) as Json);
  const hex = (id: unknown) =>
    typeof id !== "string" || id === "" ? "" : type.includes("json") ? id : Buffer.from(id, "base64").toString("hex");
  const out: ReceivedSpan[] = [];
  for (const resourceSpans of message.resourceSpans ?? []) {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        out.push({
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          parentSpanId: hex(span.parentSpanId),
          name: span.name,
          kind: Number(span.kind ?? 0),
          startNs: BigInt(span.startTimeUnixNano ?? 0),
          endNs: BigInt(span.endTimeUnixNano ?? 0),
          attributes: attributesOf(span.attributes),
          status: { code: Number(span.status?.code ?? 0), message: String(span.status?.message ?? "") },
          events: (span.events ?? []).map((event: Json) => ({
            name: event.name,
            attributes: attributesOf(event.attributes),
          })),
          resource,
        });
      }
    }
  }
  return out;
}

function decodeMetrics(message: Json): ReceivedMetric[] {
  const out: ReceivedMetric[] = [];
  for (const resourceMetrics of message.resourceMetrics ?? []) {
    for (const scopeMetrics of resourceMetrics.scopeMetrics ?? []) {
      for (const metric of scopeMetrics.metrics ?? []) {
        const data = metric.sum ?? metric.gauge ?? metric.histogram ?? {};
        out.push({
          name: metric.name,
          unit: metric.unit ?? "",
          points: (data.dataPoints ?? []).map((point: Json) => ({
            attributes: attributesOf(point.attributes),
            ...(point.asInt !== undefined || point.asDouble !== undefined
              ? { value: Number(point.asInt ?? point.asDouble) }
              : {}),
            ...(point.count !== undefined ? { count: Number(point.count), sum: Number(point.sum) } : {}),
          })),
        });
      }
    }
  }
  return out;
}

function attributesOf(list: Json[] | undefined): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) {
    const v = value ?? {};
    attributes[key] =
      v.stringValue ??
      v.boolValue ??
      (v.intValue !== undefined ? Number(v.intValue) : undefined) ??
      v.doubleValue ??
      null;
  }
  return attributes;
}
