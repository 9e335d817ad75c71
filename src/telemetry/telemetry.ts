import type { App } from "../app.js";

/** OpenTelemetry once started (see start-telemetry.ts). */
export type Telemetry = {
  instrumentApp(app: App): void;
  /** A pino mixin: `trace_id` and `span_id` of the active span, for log lines written inside a delivery. */
  logFields(): Record<string, string>;
  /** Writes the active trace context into a plain object, e.g. a queued job's data. */
  injectTraceContext(carrier?: Record<string, string>): Record<string, string>;
  /** Queue mode: runs `enqueue` in the producer span that roots the delivery's trace. */
  traceEnqueue(
    delivery: { id: string; name: string; payload: unknown },
    enqueue: (carrier: Record<string, string>) => Promise<"queued" | "duplicate">,
  ): Promise<"queued" | "duplicate">;
  /** Runs `fn` in the trace context `injectTraceContext` wrote: its spans join that trace. */
  withTraceContext<T>(carrier: Record<string, string> | undefined, fn: () => T): T;
  /** Queue mode: `github_app.queue.depth` and `.oldest_age` (s), read at each metric export. */
  observeQueue(read: () => Promise<QueueReading> | QueueReading): void;
  /** Exports what is left and stops; later calls return the same promise. */
  shutdown(): Promise<void>;
};

/** What `observeQueue`'s reader returns: waiting deliveries, and the oldest one's age (0 when none waits). */
export type QueueReading = { depth: number; oldestAgeSeconds: number };

let active: Telemetry | undefined;

/** Undefined unless `run()` started telemetry: code loaded either way checks it first. */
export function getTelemetry(): Telemetry | undefined {
  return active;
}

export function setTelemetry(telemetry: Telemetry | undefined): void {
  active = telemetry;
}
