import { expect } from "chai";
import { createWebHandler } from "../../src/server/create-web-handler.js";
import { isAppError } from "../../src/errors.js";
import { createTestApp } from "../helpers/test-app.js";

describe("queue mode on Cloudflare Workers", () => {
  it("fails at once with a sentence that says why, and what to do instead", () => {
    const had = Object.getOwnPropertyDescriptor(globalThis, "navigator");
    Object.defineProperty(globalThis, "navigator", { value: { userAgent: "Cloudflare-Workers" }, configurable: true });
    let caught: unknown;
    try {
      const { app } = createTestApp(undefined);
      createWebHandler(app, { queue: "redis" });
    } catch (error) {
      caught = error;
    } finally {
      if (had) Object.defineProperty(globalThis, "navigator", had);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
    expect(isAppError(caught), String(caught)).to.equal(true);
    const error = caught as Error & { code: string; hint: string };
    expect(error.code).to.equal("OPTION_INVALID");
    expect(error.message).to.include("Queue mode does not run on Cloudflare Workers");
    expect(error.hint).to.include("Leave queue out on Workers");
  });
});
