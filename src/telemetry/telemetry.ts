import type { App } from "../app.js";

/** OpenTelemetry once started (see start-telemetry.ts). */
export type Telemetry = {
  /** Traces `app`'s deliveries, handlers and platform requests from now on. */
  instrumentApp(app: App): void;
  /** A pino mixin: `trace_id` and `span_id` of the active span, for log lines written inside a delivery. */
  logFields(): Record<string, string>;
  /**
   * Writes the active trace context (`traceparent`, `tracestate`) into a plain
   * object, e.g. a queued job's data, and returns it.
   */
  injectTraceContext(carrier?: Record<string, string>): Record<string, string>;
  /**
   * Queue mode, on the web instance: runs `enqueue` in a producer span
   * `enqueue <event>[.<action>]` (the trace's root, with the delivery's
   * attributes and `github.outcome` `queued`, `duplicate` or `failure`),
   * handing it that span's trace context to store with the job.
   */
  traceEnqueue(
    delivery: { id: string; name: string; payload: unknown },
    enqueue: (carrier: Record<string, string>) => Promise<"queued" | "duplicate">,
  ): Promise<"queued" | "duplicate">;
  /** Runs `fn` in the trace context `injectTraceContext` wrote: its spans join that trace. */
  withTraceContext<T>(carrier: Record<string, string> | undefined, fn: () => T): T;
  /**
   * Queue mode: reports the queue's depth (`github_app.queue.depth`) and the
   * age of its oldest waiting delivery (`github_app.queue.oldest_age`, s),
   * reading them with `read` at each metric export.
   */
  observeQueue(read: () => Promise<QueueReading> | QueueReading): void;
  /** Exports what is left and stops; later calls return the same promise. */
  shutdown(): Promise<void>;
};

/** What `observeQueue`'s reader returns: waiting deliveries, and the oldest one's age (0 when none waits). */
export type QueueReading = { depth: number; oldestAgeSeconds: number };

let active: Telemetry | undefined;

/**
 * The process's telemetry once `run()` started it, else undefined: code that
 * is loaded either way (say, a queue) checks it before doing anything.
 */
export function getTelemetry(): Telemetry | undefined {
  return active;
}

/** Set by `startTelemetry()`, cleared by its shutdown. */
export function setTelemetry(telemetry: Telemetry | undefined): void {
  active = telemetry;
}
