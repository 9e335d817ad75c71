// "#start-telemetry" in a Workers bundle: the OpenTelemetry SDK and its exporters (some 1.5 MB)
// keep timers and a context manager across requests. Only `run()` loads it, and `run()` needs Node.
import { unavailableOnWorkers } from "./unavailable.js";

export function startTelemetry(): never {
  throw unavailableOnWorkers(
    "OpenTelemetry export (OTEL_* settings)",
    "Leave the OTEL_* settings out of the Worker's settings, and use Workers' own traces and logs.",
  );
}
