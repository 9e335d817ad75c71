import { context, propagation, SpanKind, trace, type Tracer } from "@opentelemetry/api";
import type { Instruments } from "./instruments.js";
import { recordError } from "./record-error.js";
import type { TokenExchangeHooks } from "../client/auth/token-exchange-hooks.js";

const NAME = "POST /app/installations/{installation_id}/access_tokens";

/** The exchange runs outside any client's hooks, so it needs spans of its own. */
export function traceTokenExchanges(tracer: Tracer, instruments: Instruments): TokenExchangeHooks {
  return {
    exchange(installationId, run) {
      const span = tracer.startSpan(NAME, {
        kind: SpanKind.CLIENT,
        attributes: {
          "http.request.method": "POST",
          "url.template": "/app/installations/{installation_id}/access_tokens",
          "github.installation_id": installationId,
        },
      });
      return context.with(trace.setSpan(context.active(), span), run).then(
        (result) => {
          span.end();
          instruments.tokenExchanges.add(1, { "github.outcome": "success" });
          return result;
        },
        (error: unknown) => {
          recordError(span, error);
          span.end();
          instruments.tokenExchanges.add(1, { "github.outcome": "failure" });
          throw error;
        },
      );
    },
    headers() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier;
    },
  };
}
