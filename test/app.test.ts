import { expect } from "chai";
import { App } from "../src/app.js";
import { AppAggregateError, isAppError } from "../src/errors.js";
import type { ApplicationFunctionOptions } from "../src/types/index.js";
import { VERSION } from "../src/version.js";
import { createTestApp, issuesOpenedPayload } from "./helpers/test-app.js";

const event = (name: string, payload: Record<string, unknown>, id = "d-1") => ({ id, name, payload });

describe("App", () => {
  it("runs handlers of the event, of event.action and of onAny, concurrently", async () => {
    const { app } = createTestApp(undefined);
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const track = (name: string) => async () => {
      started.push(name);
      if (started.length === 3) release();
      await gate;
    };
    app.on("issues", track("issues"));
    app.on("issues.opened", track("issues.opened"));
    app.onAny(track("any"));
    app.on("issues.closed", track("issues.closed"));
    await app.receive(event("issues", issuesOpenedPayload()));
    expect(started).to.have.members(["issues", "issues.opened", "any"]);
  });

  it("registers one handler for a list of names", async () => {
    const { app } = createTestApp(undefined);
    const seen: string[] = [];
    app.on(["issues.opened", "pull_request"], async (context) => {
      seen.push(context.name);
    });
    await app.receive(event("issues", issuesOpenedPayload()));
    await app.receive(event("pull_request", { action: "opened", number: 1 }));
    await app.receive(event("issues", { ...issuesOpenedPayload(), action: "closed" }));
    expect(seen).to.deep.equal(["issues", "pull_request"]);
  });

  it("rejects with an iterable AggregateError of every handler's error, each an Error", async () => {
    const { app } = createTestApp(undefined);
    let ran = 0;
    app.on("issues", async () => {
      throw new Error("first");
    });
    app.on("issues", () => {
      throw "a string";
    });
    app.on("issues", async () => {
      throw undefined;
    });
    app.on("issues", async () => {
      ran++;
    });
    const error = await app.receive(event("issues", issuesOpenedPayload())).then(
      () => expect.fail("expected a rejection"),
      (failure: unknown) => failure,
    );
    expect(error).to.be.instanceOf(AggregateError).and.instanceOf(AppAggregateError);
    const errors = Array.from(error as AppAggregateError);
    expect(errors.map((e) => e.message)).to.deep.equal([
      "first",
      "a string",
      "A handler threw undefined instead of an Error",
    ]);
    expect(errors.every((e) => e instanceof Error)).to.equal(true);
    expect(ran).to.equal(1);
  });

  it("calls onError with the aggregate, and isolates an onError that throws", async () => {
    const { app, logs } = createTestApp(undefined);
    const seen: string[] = [];
    app.on("issues", async () => {
      throw new Error("boom");
    });
    app.onError(() => {
      throw new Error("hook failed");
    });
    app.onError(async (error) => {
      seen.push(`${error.event.id}: ${error.errors.map((each) => each.message).join()}`);
    });
    await app.receive(event("issues", issuesOpenedPayload(), "d-9")).catch(() => undefined);
    expect(seen).to.deep.equal(["d-9: boom"]);
    expect(logs.text()).to.include("An onError handler failed");
  });

  for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
    it(`treats an event named ${name} as unknown`, async () => {
      const { app } = createTestApp(undefined);
      let ran = false;
      app.on("issues", async () => {
        ran = true;
      });
      await app.receive(event(name, { action: name }));
      await app.receive(event("issues", { action: name }));
      expect(ran).to.equal(true); // only the second, a real event with an odd action
    });
  }

  it("refuses event names that are not event names", () => {
    const { app } = createTestApp(undefined);
    for (const name of ["", "*", "error", "issues.", "issues.opened now", "Issues", ".opened"]) {
      expect(() => app.on(name as "issues", async () => undefined), name)
        .to.throw()
        .that.satisfies(isAppError);
    }
  });

  it("loads one or several application functions of both shapes", async () => {
    const { app } = createTestApp(undefined);
    const seen: string[] = [];
    await app.load([
      ({ app: loaded }: ApplicationFunctionOptions) => loaded.on("issues", async () => void seen.push("current")),
      (earlier: App) => earlier.on("issues", async () => void seen.push("earlier")),
    ]);
    await app.load(({ app: loaded }) => loaded.on("issues", async () => void seen.push("single")));
    await app.receive(event("issues", issuesOpenedPayload()));
    expect(seen).to.have.members(["current", "earlier", "single"]);
  });

  it("has a callable log with level methods, and the version", () => {
    const { app, logs } = createTestApp(undefined);
    app.log("plain");
    app.log.warn("warned");
    expect(logs.records().map((record) => [record.level, record.msg])).to.deep.include.members([
      [30, "plain"],
      [40, "warned"],
    ]);
    expect(app.version).to.equal(VERSION);
    expect(App.version).to.equal(VERSION);
  });

  it("exposes webhooks that route like app.on", async () => {
    const { app } = createTestApp(undefined);
    let ran = false;
    app.webhooks.on("issues.opened", async () => {
      ran = true;
    });
    await app.receive(event("issues", issuesOpenedPayload()));
    expect(ran).to.equal(true);
  });
});
