import pino from "pino";
import { toError } from "../errors.js";

type Serialized = Record<string, unknown>;

/**
 * pino's `err` serializer, without stack traces unless `withStack()` says
 * so (debug level, or JSON logs that tools read): at info level a person
 * reading the console sees what failed, not a stack.
 *
 * @example
 * const serialize = createErrorSerializer(() => logger.isLevelEnabled("debug"));
 */
export function createErrorSerializer(withStack: () => boolean): (error: unknown) => unknown {
  return (error) => {
    if (!(error instanceof Error)) return error;
    const serialized = pino.stdSerializers.err(error) as unknown as Serialized;
    // An aggregate keeps the objects handlers threw (arrays, plain objects): logged as toError words
    // them, by their message or their keys, never their values.
    if (error instanceof AggregateError && Array.isArray(serialized.aggregateErrors))
      serialized.aggregateErrors = (error.errors as unknown[]).map((each) => pino.stdSerializers.err(toError(each)));
    return withStack() ? serialized : withoutStacks(serialized);
  };
}

function withoutStacks(value: Serialized): Serialized {
  const { stack: _stack, aggregateErrors, ...rest } = value;
  if (typeof rest.message === "string") rest.message = firstLine(rest.message);
  if (Array.isArray(aggregateErrors)) {
    const items = aggregateErrors.map((item: unknown) =>
      item !== null && typeof item === "object" ? withoutStacks(item as Serialized) : item,
    );
    rest.aggregateErrors = items;
    // An aggregate's message lists its errors' stacks: here, their messages only.
    rest.message = items.map((item) => (item as Serialized | null)?.message ?? String(item)).join("\n");
  }
  return rest;
}

/** pino puts the causes' messages after the message ("x: caused by y"); keep that, drop stack lines. */
function firstLine(message: string): string {
  return message.split("\n    at ")[0]!;
}
