import { expect } from "chai";
import nock from "nock";
import pino from "pino";
import { App, Context } from "../../src/index.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { API, issuesOpened, TestClient } from "./probot-style.js";

// Loading nock activates it; these cases activate it only while they run.
nock.restore();

/** `new App(...)` as Probot apps' tests make it: a token, and a pino log into an array. */
function appWithLog(options: Record<string, unknown> = {}) {
  const logs = createLogCapture();
  const app = new App({ platformToken: "test", Client: TestClient, log: pino({}, logs.stream as never), ...options });
  return { app, logs };
}

// Issue 13 item 12: what an app's own tests can observe of Probot, found by porting apps.
describe("Probot behaviour apps observe (issue 13, item 12)", () => {
  before(() => {
    if (!nock.isActive()) nock.activate();
  });
  beforeEach(() => nock.disableNetConnect());
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    nock.enableNetConnect();
    expect(pending, "mocks not used").to.deep.equal([]);
  });
  after(() => nock.restore());

  it("context.log binds what Probot binds, { name: 'event', id }, and nothing else", async () => {
    const { app, logs } = appWithLog();
    app.on("issues.opened", async (context) => {
      context.log.info("handling");
    });
    await app.receive({ id: "delivery-1", name: "issues", payload: issuesOpened(11111) });
    const records = logs.records().filter((record) => record["msg"] === "handling");
    expect(records).to.have.length(1);
    const { time, pid, hostname, ...rest } = records[0]!;
    expect([typeof time, typeof pid, typeof hostname]).to.deep.equal(["number", "number", "string"]);
    expect(rest).to.deep.equal({ level: 30, name: "event", id: "delivery-1", msg: "handling" });
  });

  it("App.defaults(options) is a subclass whose instances take those options under their own, as Probot.defaults", async () => {
    const logs = createLogCapture();
    const TestApp = App.defaults({ platformToken: "test", Client: TestClient, log: pino({}, logs.stream as never) });
    const app = new TestApp({ logLevel: "error" });
    expect(app).to.be.instanceOf(App);
    expect(TestApp.plugins).to.equal(App.plugins);
    app.log.info("kept");
    expect(logs.records().map((record) => record["msg"])).to.deep.equal(["kept"]);
    // The given options win over the defaults; defaults of defaults stack.
    const Layered = TestApp.defaults({ platformToken: "other" });
    expect(new Layered()).to.be.instanceOf(TestApp);
    nock(API)
      .post("/repos/hiimbex/testing-things/issues/1/comments")
      .matchHeader("authorization", "token other")
      .reply(201, {});
    const layered = new Layered();
    layered.on("issues.opened", async (context) => {
      await context.client.issues.createComment(context.issue({ body: "b" }));
    });
    await layered.receive({ id: "1", name: "issues", payload: issuesOpened() });
  });

  it('the deprecated "id" option writes nothing into the app\'s own log', () => {
    const { app, logs } = appWithLog({ id: 1 });
    app.log.info("mine");
    expect(logs.records().map((record) => record["msg"])).to.deep.equal(["mine"]);
  });

  it("handlers for pull_request_target, an Actions event, register without a warning, and run", async () => {
    // release-drafter registers these inside load(), in a describe() whose log array does not exist yet.
    const { app, logs } = appWithLog();
    let ran = 0;
    app.on(["pull_request_target.opened", "pull_request_target"] as never, async () => void ran++);
    app.on("schedule" as never, async () => void ran++);
    expect(logs.records()).to.deep.equal([]);
    await app.receive({ id: "1", name: "pull_request_target", payload: { action: "opened" } } as never);
    expect(ran).to.equal(2);
  });

  it("a name the platform never sends still warns once", () => {
    const { app, logs } = appWithLog();
    app.on("pull_request.openned" as never, async () => undefined);
    app.on("pull_request.openned" as never, async () => undefined);
    expect(logs.records().map((record) => [record["level"], record["msg"]])).to.deep.equal([
      [40, '"pull_request.openned" is not a known webhook event name; its handler runs only if the platform sends it.'],
    ]);
  });

  it("an (app) => app.on(...) function writes nothing into the app's own log", async () => {
    const { app, logs } = appWithLog();
    let ran = 0;
    void app.load((probot: App) => {
      probot.on("issues.opened", async () => void ran++);
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
    expect(ran).to.equal(1);
    expect(logs.records()).to.deep.equal([]);
  });

  it("load() outside a server passes { cwd } without getRouter, so a typeof getRouter guard works", async () => {
    const { app } = appWithLog();
    const seen: unknown[] = [];
    // release-drafter's shape: mount /healthz only where there is a router.
    const appFn = (
      probot: App,
      { getRouter, cwd }: { getRouter?: () => { get: (path: string, handler: unknown) => unknown }; cwd?: string },
    ) => {
      if (typeof getRouter === "function") getRouter().get("/healthz", () => "ok");
      seen.push(typeof getRouter, cwd);
      probot.on("issues.opened", async () => void seen.push("handled"));
    };
    void app.load(appFn as never);
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
    expect(seen).to.deep.equal(["undefined", process.cwd(), "handled"]);
    // Given a router, the second argument carries it.
    let given: unknown;
    await app.load(((_probot: App, options: { getRouter?: unknown }) => void (given = options.getRouter)) as never, {
      getRouter: () => ({}) as never,
    });
    expect(given).to.be.a("function");
  });

  it("new Context(event, octokit, log), as apps unit-test handlers, uses the given client and logger", async () => {
    const calls: unknown[] = [];
    const octokit = { issues: { addAssignees: async (params: unknown) => void calls.push(params) } };
    const logger = { info: (message: string) => void calls.push(message) };
    const context = new Context<"issues.opened">(
      { id: "1", name: "issues", payload: issuesOpened() },
      octokit as never,
      logger as never,
    );
    expect(context.client).to.equal(octokit);
    expect(context.log).to.equal(logger);
    context.log.info("assigning");
    await (context.client as unknown as typeof octokit).issues.addAssignees(context.issue({ assignees: ["a"] }));
    expect(calls).to.deep.equal([
      "assigning",
      { owner: "hiimbex", repo: "testing-things", issue_number: 1, assignees: ["a"] },
    ]);
  });

  it("a config file holding a YAML list is returned, as Probot returns it", async () => {
    nock(API)
      .get("/repos/hiimbex/testing-things/contents/.github%2Fwip.yml")
      .reply(200, "- terms: [wip]\n  locations: [title]\n- terms: [🚧]\n  locations: [label_name]\n");
    const { app } = appWithLog();
    let config: unknown;
    app.on("issues.opened", async (context) => {
      config = await context.config("wip.yml");
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
    expect(config).to.deep.equal([
      { terms: ["wip"], locations: ["title"] },
      { terms: ["🚧"], locations: ["label_name"] },
    ]);
  });

  it("invalid YAML fails with Probot's sentence, then our code and the file", async () => {
    nock(API).get("/repos/hiimbex/testing-things/contents/.github%2Fbot.yml").reply(200, "a: [unclosed\n");
    const { app } = appWithLog();
    app.on("issues.opened", async (context) => {
      await context.config("bot.yml");
    });
    const error = await app.receive({ id: "1", name: "issues", payload: issuesOpened() }).then(
      () => undefined,
      (failure: AggregateError) => failure.errors[0] as Error & { code?: string },
    );
    expect(error?.code).to.equal("CONFIG_INVALID");
    expect(error?.message).to.include(
      `Configuration could not be parsed from ${API}/repos/hiimbex/testing-things/contents/.github%2Fbot.yml (invalid YAML)`,
    );
    expect(error?.stack).to.include("(invalid YAML)");
    expect(error?.message).to.include("hiimbex/testing-things:.github/bot.yml is not valid YAML");
  });

  it("context.repo() for an event without a repository fails with Probot's sentence, then ours", async () => {
    const { app } = appWithLog();
    const errors: Array<Error & { code?: string }> = [];
    app.on("installation", (context) => {
      for (const call of [() => context.repo(), () => context.issue(), () => context.pullRequest()]) {
        try {
          call();
        } catch (error) {
          errors.push(error as Error);
        }
      }
    });
    await app.receive({ id: "1", name: "installation", payload: { action: "created", installation: { id: 2 } } });
    expect(errors).to.have.length(3);
    for (const error of errors) {
      expect(error.code).to.equal("CONTEXT_NO_REPOSITORY");
      expect(error.message).to.include("context.repo() is not supported for this webhook event.");
      expect(error.message).to.include('the "installation" event');
    }
  });

  it("context.issue() and pullRequest() hold the number first, then owner, repo and the given keys, as Probot's", async () => {
    const { app } = appWithLog();
    const made: string[] = [];
    app.on("issues", (context) => {
      made.push(JSON.stringify(context.issue({ body: "b" })));
      made.push(JSON.stringify(context.issue({ issue_number: 9, owner: "z" })));
      made.push(JSON.stringify(context.pullRequest()));
      made.push(JSON.stringify(context.repo({ path: "p" })));
    });
    await app.receive({ id: "1", name: "issues", payload: issuesOpened() });
    expect(made).to.deep.equal([
      '{"issue_number":1,"owner":"hiimbex","repo":"testing-things","body":"b"}',
      '{"issue_number":9,"owner":"z","repo":"testing-things"}',
      '{"pull_number":1,"owner":"hiimbex","repo":"testing-things"}',
      '{"owner":"hiimbex","repo":"testing-things","path":"p"}',
    ]);
  });

  it("receive() without a payload fails with Probot's sentence and runs no handler", async () => {
    const { app } = appWithLog();
    let ran = 0;
    app.onAny(() => void ran++);
    for (const given of [
      { id: "1", name: "issues" },
      { id: "2", name: "issues", payload: null },
    ]) {
      const error = await app.receive(given as never).then(
        () => undefined,
        (failure: Error & { code?: string }) => failure,
      );
      expect(error?.code).to.equal("PAYLOAD_INVALID");
      expect(error?.message).to.include("Event payload not passed");
    }
    const viaWebhooks = await app.webhooks.receive({ id: "3", name: "issues" } as never).then(
      () => undefined,
      (failure: Error) => failure,
    );
    expect(viaWebhooks?.message).to.include("Event payload not passed");
    expect(ran).to.equal(0);
  });

  it("receive() without an event name fails with Probot's sentence and runs no handler, onAny's included", async () => {
    const { app } = appWithLog();
    let ran = 0;
    app.onAny(() => void ran++);
    for (const given of [
      { id: "1", payload: issuesOpened() },
      { id: "2", name: "", payload: issuesOpened() },
    ]) {
      for (const receive of [app.receive.bind(app), app.webhooks.receive.bind(app.webhooks)]) {
        const error = await receive(given as never).then(
          () => undefined,
          (failure: Error & { code?: string }) => failure,
        );
        expect(error?.code).to.equal("EVENT_NAME_INVALID");
        expect(error?.message).to.match(/^Event name not passed/);
      }
    }
    expect(ran).to.equal(0);
  });

  // As JasonEtco/todo's tests (Probot 9): `app.receive({ event: fixture.event, payload })` with a fixture that
  // has no `event`. Probot 7 to 9's emitter found no handler for an undefined name and resolved.
  it("receive({ event, payload }), Probot 7 to 9's shape, without a name resolves having run no handler, as there", async () => {
    const { app } = appWithLog();
    let ran = 0;
    app.on("push", () => void ran++);
    await app.receive({ event: undefined, payload: { ref: "refs/heads/other" } } as never);
    expect(ran).to.equal(0);
    // Without that key, it is Probot 10 to 14's refusal.
    const error = await app.receive({ payload: {} } as never).then(
      () => undefined,
      (failure: Error & { code?: string }) => failure,
    );
    expect(error?.code).to.equal("EVENT_NAME_INVALID");
  });

  it("each error of a failed delivery carries its event, as Probot's do, out of the logs' reach", async () => {
    const { app } = appWithLog();
    const thrown = new Error("boom");
    app.on("issues", () => {
      throw thrown;
    });
    const failure = await app.receive({ id: "7", name: "issues", payload: issuesOpened() }).then(
      () => undefined,
      (error: AggregateError) => error,
    );
    expect(failure?.errors[0]).to.equal(thrown);
    const event = (thrown as Error & { event?: { id: string; name: string; payload: unknown } }).event;
    expect(event?.id).to.equal("7");
    expect(event?.name).to.equal("issues");
    expect(event?.payload).to.deep.equal(issuesOpened());
    expect(Object.keys(thrown)).to.not.include("event");
  });

  it("a failed receive() logs each error at error level, as Probot's, bound { name: 'event', id }", async () => {
    const { app, logs } = appWithLog();
    app.on("issues", () => {
      throw new Error("boom");
    });
    app.on("issues.opened", async () => {
      throw Object.assign(new Error("second"), { status: 422 });
    });
    const viaApp = await app
      .receive({ id: "8", name: "issues", payload: issuesOpened() })
      .catch((error: Error) => error);
    expect(viaApp).to.be.instanceOf(AggregateError);
    const lines = () =>
      logs
        .records()
        .map(({ level, name, id, msg, err }) => ({ level, name, id, msg, type: (err as { type?: string })?.type }));
    expect(lines()).to.deep.equal([
      { level: 50, name: "event", id: "8", msg: "second", type: "Error" },
      { level: 50, name: "event", id: "8", msg: "boom", type: "Error" },
    ]);
    // app.webhooks.receive() is the same door; a delivery that succeeds logs nothing.
    await app.webhooks.receive({ id: "9", name: "issues", payload: issuesOpened() } as never).catch(() => undefined);
    expect(lines().filter((line) => line.id === "9")).to.have.length(2);
    const quiet = appWithLog();
    quiet.app.on("issues", async () => {});
    await quiet.app.receive({ id: "10", name: "issues", payload: issuesOpened() });
    expect(quiet.logs.records()).to.deep.equal([]);
  });

  it("a failed receive() logs its error lines before the app's onError handlers run, as Probot's (HC)", async () => {
    // Probot registers its own error handler first: a test reading the error records in order sees its line, then the app's.
    const { app, logs } = appWithLog();
    app.on("push", async () => {
      throw new Error("boom commit found");
    });
    app.onError(async (error) => {
      app.log.error({ event: error.event.name }, "handler failed");
    });
    await app
      .receive({ id: "p3", name: "push", payload: { ...issuesOpened(), action: undefined } })
      .catch(() => undefined);
    await app.webhooks.receive({ id: "p4", name: "push", payload: issuesOpened() } as never).catch(() => undefined);
    const lines = logs
      .records()
      .map(({ name, id, msg, event }) => JSON.parse(JSON.stringify({ name, id, msg, event })));
    expect(lines).to.deep.equal([
      { name: "event", id: "p3", msg: "boom commit found" },
      { msg: "handler failed", event: "push" },
      { name: "event", id: "p4", msg: "boom commit found" },
      { msg: "handler failed", event: "push" },
    ]);
  });

  it("a failed receive() hands the logger the error itself, as Probot's log.error(error), which pino 6 writes at the top level (HE)", async () => {
    // Probot 12's apps give a pino 6 logger: it spreads an error passed alone into the record (type, stack, status).
    const calls: unknown[][] = [];
    const logs = createLogCapture();
    const log = pino(
      {
        hooks: {
          logMethod(args, method) {
            calls.push(args);
            return method.apply(this, args);
          },
        },
      },
      logs.stream as never,
    );
    const app = new App({ platformToken: "test", Client: TestClient, log });
    const thrown = Object.assign(new Error("not found"), { status: 404 });
    app.on("issues", () => {
      throw thrown;
    });
    await app.receive({ id: "e1", name: "issues", payload: issuesOpened() }).catch(() => undefined);
    expect(calls).to.deep.equal([[thrown]]);
    const [{ name, id, msg, err }] = logs.records() as Array<Record<string, unknown>>;
    expect({ name, id, msg, status: (err as { status?: number }).status }).to.deep.equal({
      name: "event",
      id: "e1",
      msg: "not found",
      status: 404,
    });
  });
});
