import { expect } from "chai";
import { AppAggregateError } from "../../src/errors.js";
import { createTestApp, issuesOpenedPayload } from "../helpers/test-app.js";

const event = { id: "d-1", name: "issues", payload: issuesOpenedPayload() } as const;

/**
 * Probot (its @octokit/webhooks, 7 to 14) puts what a handler threw into the aggregate's `errors`
 * as it was thrown when it is an object: an app whose handler collects its requests' failures and
 * throws the array (`throw errorsArray`) has tests that read `error.errors[0][0].message`. Here such
 * a value was wrapped in a new Error, so `errors[0][0]` was undefined.
 */
describe("compat: an object a handler throws is in the aggregate's errors as it was thrown", () => {
  it("an array of errors, a plain object, and an Error each stay themselves", async () => {
    const { app } = createTestApp(undefined);
    const collected = [new Error("request to https://api.github.com/x failed")];
    const plain = { message: "not found", status: 404 };
    const error = new Error("plain error");
    app.on("issues", async () => {
      throw collected;
    });
    app.on("issues", async () => {
      throw plain;
    });
    app.on("issues", async () => {
      throw error;
    });
    const failure = (await app.receive(event).then(
      () => expect.fail("expected a rejection"),
      (rejection: unknown) => rejection,
    )) as AppAggregateError;
    expect(failure).to.be.instanceOf(AppAggregateError);
    const errors = failure.errors as unknown[];
    expect(errors[0]).to.equal(collected);
    expect((errors[0] as Error[])[0]!.message).to.equal("request to https://api.github.com/x failed");
    expect(errors[1]).to.equal(plain);
    expect(errors[2]).to.equal(error);
    expect(Array.from(failure)).to.deep.equal(errors);
    // What the aggregate's message says of them is as before: their messages, never their values.
    expect(failure.message).to.include("not found").and.include("plain error");
  });

  it("a log line of the failure names a thrown object by its keys, not its values", async () => {
    const { app, logs } = createTestApp(undefined);
    const token = "ghs_16C7e42F292c6912E7710c838347Ae178B4a";
    app.on("issues", async () => {
      throw { token, reason: "refused" };
    });
    const failure = await app.receive(event).then(
      () => expect.fail("expected a rejection"),
      (rejection: unknown) => rejection,
    );
    app.log.error({ err: failure }, "The handler failed");
    const lines = logs.text();
    expect(lines).to.include("The handler failed");
    expect(lines).to.include("token, reason");
    expect(lines).not.to.include(token);
    expect(lines).not.to.include("refused");
  });
});
