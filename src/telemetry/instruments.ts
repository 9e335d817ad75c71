import type { Meter } from "@opentelemetry/api";

/** The metrics the framework records; names and units are documented in docs/observability.md. */
export type Instruments = ReturnType<typeof createInstruments>;

export function createInstruments(meter: Meter) {
  return {
    deliveries: meter.createCounter("github_app.deliveries", {
      description: "Deliveries routed to the apps, by event and outcome (success, failure, ignored).",
      unit: "{delivery}",
    }),
    handlerDuration: meter.createHistogram("github_app.handler.duration", {
      description: "How long each handler ran, by event and outcome.",
      unit: "s",
    }),
    rateLimitRemaining: meter.createGauge("github_app.rate_limit.remaining", {
      description: "Requests left in the platform's rate limit, per installation, from the last answer.",
      unit: "{request}",
    }),
    tokenExchanges: meter.createCounter("github_app.token.exchanges", {
      description: "Installation token exchanges with the platform, by outcome.",
      unit: "{exchange}",
    }),
  };
}
