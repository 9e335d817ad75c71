import { expect } from "chai";
import { isAppError } from "../../src/errors.js";
import { EventRouter } from "../../src/webhooks/event-router.js";

const quiet = { warn: () => undefined, error: () => undefined };
const event = { id: "e-1", name: "issues", payload: { action: "opened" } };

async function rejection(promise: Promise<unknown>): Promise<AggregateError> {
  return promise.then(
    () => expect.fail("expected a rejection"),
    (error: AggregateError) => error,
  );
}

describe("EventRouter", () => {
  it("rejects, never throws, when building the context fails", async () => {
    const router = new EventRouter(() => {
      throw new Error("transform failed");
    }, quiet);
    router.on("issues", () => undefined);
    let promise: Promise<void> | undefined;
    expect(() => (promise = router.receive(event))).not.to.throw();
    expect((await rejection(promise!)).message).to.equal("transform failed");
  });

  it("abandons a handler at handlerDeadlineMs with HANDLER_DEADLINE_EXCEEDED, and counts it", async () => {
    const router = new EventRouter(() => ({}), quiet, { handlerDeadlineMs: 30 });
    router.on("issues.opened", () => new Promise(() => undefined));
    router.on("issues", async () => undefined);
    const error = await rejection(router.receive(event));
    expect(error.errors).to.have.length(1);
    expect(isAppError(error.errors[0]) && error.errors[0].code).to.equal("HANDLER_DEADLINE_EXCEEDED");
    expect(error.errors[0]!.message).to.equal(
      "A handler of issues.opened did not settle within 30 ms and was abandoned.",
    );
    expect(router.abandonedHandlers).to.equal(1);
  });

  it("refuses a handlerDeadlineMs that is not a positive number, naming the option", () => {
    expect(() => new EventRouter(() => ({}), quiet, { handlerDeadlineMs: 0 })).to.throw(
      /handlerDeadlineMs must be a positive number/,
    );
  });
});
