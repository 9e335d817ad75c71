import type { AppPlugin } from "../app.js";
import type { DeliveryTracing } from "../app-plugin.js";

export type { QueueReading } from "../app-plugin.js";

/**
 * OpenTelemetry once started (see start-telemetry.ts). It traces the Apps
 * made with its `plugin`, and only those.
 */
export type Telemetry = DeliveryTracing & {
  /** Traces an App's deliveries, handlers, requests and token exchanges: give it to `createApp` or `App.plugin`. */
  plugin: AppPlugin;
  /** A pino mixin: `trace_id` and `span_id` of the active span, for log lines written inside a delivery. */
  logFields(): Record<string, string>;
  /** Exports what is left and stops; later calls return the same promise. */
  shutdown(): Promise<void>;
};
