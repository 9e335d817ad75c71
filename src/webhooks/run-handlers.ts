import { toError } from "../errors.js";
import type { DeadlineQueue } from "./deadline-queue.js";

/** What a handler came to: nothing (success), its error, or abandoned at the deadline. */
export type HandlerOutcome = Error | undefined | typeof ABANDONED;
export const ABANDONED: unique symbol = Symbol("abandoned");

type Handler<C> = (context: C) => unknown;

/** Every delivery's single-handler path, so written by hand: one promise, no async layers. */
export function runHandler<C>(
  handler: Handler<C>,
  context: C,
  deadlines: DeadlineQueue<HandlerOutcome> | undefined,
): HandlerOutcome | Promise<HandlerOutcome> {
  let result: unknown;
  try {
    result = handler(context);
    if (!isThenable(result)) return undefined;
  } catch (error) {
    return toError(error);
  }
  return settle(result, deadlines);
}

export async function runHandlers<C>(
  handlers: readonly Handler<C>[],
  context: C,
  deadlines: DeadlineQueue<HandlerOutcome> | undefined,
  abandon: () => Error,
): Promise<Error[] | undefined> {
  if (handlers.length === 1) {
    const outcome = await runHandler(handlers[0]!, context, deadlines);
    if (outcome === undefined) return undefined;
    return [outcome === ABANDONED ? abandon() : outcome];
  }
  const outcomes: HandlerOutcome[] = new Array<HandlerOutcome>(handlers.length).fill(ABANDONED);
  const all = Promise.all(
    handlers.map((handler, index) =>
      invoke(handler, context).then(
        () => void (outcomes[index] = undefined),
        (error: unknown) => void (outcomes[index] = toError(error)),
      ),
    ),
  );
  await settle(all, deadlines);
  const errors: Error[] = [];
  for (const outcome of outcomes) {
    if (outcome !== undefined) errors.push(outcome === ABANDONED ? abandon() : outcome);
  }
  return errors.length === 0 ? undefined : errors;
}

function settle(
  result: PromiseLike<unknown>,
  deadlines: DeadlineQueue<HandlerOutcome> | undefined,
): Promise<HandlerOutcome> {
  if (!deadlines) return Promise.resolve(result).then(succeeded, toError);
  return new Promise<HandlerOutcome>((resolve) => {
    const waiter = deadlines.add(resolve);
    try {
      result.then(
        () => deadlines.answer(waiter, undefined),
        (error: unknown) => deadlines.answer(waiter, toError(error)),
      );
    } catch (error) {
      // Only a thenable whose then() throws gets here.
      deadlines.answer(waiter, toError(error));
    }
  });
}

function succeeded(): undefined {
  return undefined;
}

async function invoke<C>(handler: Handler<C>, context: C): Promise<unknown> {
  return handler(context);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}
