import { SpanStatusCode, type Span } from "@opentelemetry/api";
import { toError } from "../errors.js";
import { scrubSecrets } from "../log/secrets.js";

/** Scrubbed as log lines are: no token or key reaches the trace. */
export function recordError(span: Span, error: unknown): void {
  const errors = error instanceof AggregateError && error.errors.length > 0 ? error.errors : [error];
  for (const each of errors) {
    const failure = toError(each);
    span.recordException({
      name: scrubSecrets(String(failure.name)),
      message: scrubSecrets(failure.message),
      ...(failure.stack ? { stack: scrubSecrets(failure.stack) } : {}),
    });
  }
  const first = errors[0];
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: scrubSecrets(toError(first).message),
  });
}
