import { context, SpanKind, trace, type Attributes, type Context, type Tracer } from "@opentelemetry/api";
import type { EventRouter, RoutedEvent, RouterInstrumentation } from "../webhooks/event-router.js";
import type { Instruments } from "./instruments.js";
import { recordError } from "./record-error.js";

type Handler<C> = (context: C) => unknown;

/** Span, attribute and metric names are listed in docs/observability.md. */
export function traceDeliveries(
  router: EventRouter<unknown>,
  tracer: Tracer,
  instruments: Instruments,
): RouterInstrumentation {
  return {
    delivery(event, route) {
      const attributes = deliveryAttributes(event);
      const action = attributes["github.action"];
      const parent = context.active();
      const span = tracer.startSpan(
        `webhook ${event.name}${action ? `.${action}` : ""}`,
        { kind: SpanKind.CONSUMER, attributes },
        parent,
      );
      const handled = router.matches(event.name, event.payload);
      const finish = (outcome: "success" | "failure" | "ignored", error?: unknown) => {
        span.setAttribute("github.outcome", outcome);
        if (error !== undefined) recordError(span, error);
        span.end();
        instruments.deliveries.add(1, { "github.event": event.name, "github.outcome": outcome });
      };
      return context.with(trace.setSpan(parent, span), route).then(
        () => finish(handled ? "success" : "ignored"),
        (error: unknown) => {
          finish("failure", error);
          throw error;
        },
      );
    },
    handlers<C>(handlers: ReadonlyArray<Handler<C>>, event: RoutedEvent): Array<Handler<C>> {
      const parent = context.active();
      return handlers.map(
        (handler, index) => (argument: C) => runInSpan(handler, argument, index, event, parent, tracer, instruments),
      );
    },
  };
}

function runInSpan<C>(
  handler: Handler<C>,
  argument: C,
  index: number,
  event: RoutedEvent,
  parent: Context,
  tracer: Tracer,
  instruments: Instruments,
): unknown {
  const named = handler.name && handler.name !== "anonymous" ? handler.name : undefined;
  const span = tracer.startSpan(
    `handler ${named ?? `#${index + 1}`}`,
    {
      attributes: {
        "github.event": event.name,
        "github.handler.index": index,
        ...(named ? { "code.function.name": named } : {}),
      },
    },
    parent,
  );
  const started = performance.now();
  const done = (error?: unknown) => {
    const failed = error !== undefined;
    if (failed) recordError(span, error);
    span.end();
    instruments.handlerDuration.record((performance.now() - started) / 1000, {
      "github.event": event.name,
      "github.outcome": failed ? "failure" : "success",
    });
  };
  let result: unknown;
  try {
    result = context.with(trace.setSpan(parent, span), handler, undefined, argument);
  } catch (error) {
    done(error ?? new Error("undefined was thrown"));
    throw error;
  }
  if (typeof (result as PromiseLike<unknown> | null)?.then !== "function") {
    done();
    return result;
  }
  return Promise.resolve(result).then(
    (value) => {
      done();
      return value;
    },
    (error: unknown) => {
      done(error ?? new Error("undefined was thrown"));
      throw error;
    },
  );
}

/** The attributes of a delivery's span: id, event, action and installation, as the payload has them. */
export function deliveryAttributes(event: RoutedEvent): Attributes {
  const payload = (event.payload ?? {}) as { action?: unknown; installation?: { id?: unknown } | null };
  const attributes: Attributes = { "github.delivery_id": event.id, "github.event": event.name };
  if (typeof payload.action === "string" && payload.action !== "") attributes["github.action"] = payload.action;
  const installationId = payload.installation?.id;
  if (typeof installationId === "number") attributes["github.installation_id"] = installationId;
  return attributes;
}
