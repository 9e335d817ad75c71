import { expect } from "chai";
import { setTimeout as sleep } from "node:timers/promises";
import type { Context } from "../../src/context.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { until } from "../helpers/until.js";
import { issuesOpenedPayload } from "../helpers/test-app.js";
import { startTestServer, type TestServer } from "../server/start-test-server.js";
import { forkScript } from "./fork-script.js";

type Failing = (context: Context<"issues.opened">) => unknown;

const errorLines = (test: TestServer) => test.logs.records().filter((record) => record["level"] === 50);

describe("hardening: failing handlers", () => {
  let platform: FakePlatform;
  let test: TestServer;
  let failing: Failing = () => undefined;
  const ran: string[] = [];
  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    test = await startTestServer(
      ({ app }) => {
        app.on("issues.opened", (context) => failing(context));
        app.on("issues", () => void ran.push("issues"));
        app.onAny(async () => void ran.push("any"));
      },
      { platform },
    );
  });
  after(async () => {
    await test.close();
    await platform.close();
  });
  beforeEach(() => {
    ran.length = 0;
    test.logs.clear();
  });

  const cases: ReadonlyArray<[label: string, handler: Failing]> = [
    [
      "throws synchronously",
      () => {
        throw new Error("sync failure");
      },
    ],
    [
      "rejects",
      async () => {
        throw new Error("async failure");
      },
    ],
    [
      "throws undefined",
      () => {
        throw undefined;
      },
    ],
    [
      "throws null",
      async () => {
        throw null;
      },
    ],
    [
      "throws a string",
      () => {
        throw "a string";
      },
    ],
    [
      "throws a plain object",
      async () => {
        throw { reason: "plain" };
      },
    ],
    [
      "throws an object with status 404",
      async () => {
        throw { message: "not here", status: 404 };
      },
    ],
    [
      "fails with the platform's 404",
      (context) => context.client.request("GET /repos/{owner}/{repo}/nothing", context.repo()),
    ],
  ];
  for (const [label, handler] of cases) {
    it(`answers 500 when a handler ${label}: the others run, one error line with the delivery id, no stack`, async () => {
      failing = handler;
      const response = await test.deliver("issues", issuesOpenedPayload(), { id: `h-${label}` });
      expect(response.status).to.equal(500);
      const text = await response.text();
      expect(JSON.parse(text)).to.have.property("error").that.is.a("string");
      expect(text).not.to.match(/\n\s+at |\\n\s+at /);
      expect(ran.sort()).to.deep.equal(["any", "issues"]);
      expect(errorLines(test)).to.have.length(1);
      expect(errorLines(test)[0]).to.include({ id: `h-${label}`, event: "issues.opened" });
      expect((await fetch(`${test.url}/ping`)).status).to.equal(200);
    });
  }
});

describe("hardening: handlers that never settle", () => {
  let test: TestServer | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it("abandons a handler at handlerDeadlineMs: 500, one error line, counted, context.signal aborted", async () => {
    const aborted: unknown[] = [];
    test = await startTestServer(
      ({ app }) => {
        app.on(
          "issues",
          (context) =>
            new Promise(() => context.signal.addEventListener("abort", () => aborted.push(context.signal.reason))),
        );
        app.on("issues.opened", () => undefined);
      },
      { appOptions: { handlerDeadlineMs: 150 } },
    );
    const response = await test.deliver("issues", issuesOpenedPayload(), { id: "stuck-1" });
    expect(response.status).to.equal(500);
    expect(((await response.json()) as { error: string }).error).to.match(/did not settle within 150 ms/);
    expect(aborted).to.have.length(1);
    expect(aborted[0]).to.include({ name: "AbortError" });
    expect((aborted[0] as Error).cause).to.have.property("code", "HANDLER_DEADLINE_EXCEEDED");
    expect(errorLines(test)).to.have.length(1);
    expect(errorLines(test)[0]).to.include({ id: "stuck-1" });
    expect(test.server.stats()).to.include({ abandonedHandlers: 1, inFlight: 0 });
  });

  it("logs an abandonment after the 202 once, with the delivery id", async () => {
    test = await startTestServer(({ app }) => app.on("issues", () => new Promise(() => undefined)), {
      handlerTimeoutMs: 50,
      appOptions: { handlerDeadlineMs: 200 },
    });
    expect((await test.deliver("issues", issuesOpenedPayload(), { id: "stuck-2" })).status).to.equal(202);
    expect(test.server.inFlight()).to.equal(1);
    await sleep(300);
    expect(errorLines(test)).to.have.length(1);
    expect(errorLines(test)[0]).to.include({ id: "stuck-2" });
    expect(test.server.stats()).to.include({ abandonedHandlers: 1, inFlight: 0 });
  });

  it("aborts the platform requests of an abandoned handler", async () => {
    const platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    const outcome: string[] = [];
    try {
      test = await startTestServer(
        ({ app }) =>
          app.on("issues", async (context) => {
            await sleep(200);
            await context.client.repos.get(context.repo()).then(
              () => outcome.push("sent"),
              (error: Error) => outcome.push(error.name),
            );
          }),
        { platform, appOptions: { handlerDeadlineMs: 50 } },
      );
      expect((await test.deliver("issues", issuesOpenedPayload())).status).to.equal(500);
      // The handler wakes after its deadline and calls the platform: wait for
      // that call's outcome, however late a busy machine runs it.
      await until(() => outcome.length > 0);
      expect(outcome).to.deep.equal(["AbortError"]);
      expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(0);
    } finally {
      await platform.close();
    }
  });

  it("keeps nothing of thousands of abandoned handlers: memory after GC returns to its baseline", async function () {
    this.timeout(60_000);
    const script = forkScript("never-settling", ["1000", "30"], { exposeGc: true });
    const report = await script.next<{
      baseline: number;
      after: number;
      stats: { inFlight: number; abandonedHandlers: number };
    }>();
    await script.exit();
    expect(report.stats).to.include({ inFlight: 0, abandonedHandlers: 1100 });
    // 1000 handlers each held 64 KiB (62.5 MiB in all) when they were abandoned.
    expect(report.after - report.baseline).to.be.below(16 * 1024 * 1024);
  });
});

describe("hardening: onError hooks and floating rejections", () => {
  let test: TestServer | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it("isolates an onError hook that throws: the other hooks run, the answer is the handler's 500, the server serves on", async () => {
    const hooks: string[] = [];
    test = await startTestServer(({ app }) => {
      app.on("issues", () => {
        throw new Error("handler failure");
      });
      app.onError(() => {
        throw new Error("hook failure");
      });
      app.onError(async () => void hooks.push("second hook"));
    });
    const response = await test.deliver("issues", issuesOpenedPayload(), { id: "hook-1" });
    expect(response.status).to.equal(500);
    expect(((await response.json()) as { error: string }).error).to.equal("handler failure");
    expect(hooks).to.deep.equal(["second hook"]);
    expect(test.logs.text()).to.include("An onError handler failed: hook failure");
    expect((await fetch(`${test.url}/ping`)).status).to.equal(200);
  });

  it("abandons an onError hook that never settles at the deadline, and still answers", async () => {
    test = await startTestServer(
      ({ app }) => {
        app.on("issues", () => {
          throw new Error("handler failure");
        });
        app.onError(() => new Promise(() => undefined));
      },
      { appOptions: { handlerDeadlineMs: 100 } },
    );
    expect((await test.deliver("issues", issuesOpenedPayload())).status).to.equal(500);
    expect(test.server.stats()).to.include({ abandonedHandlers: 1, inFlight: 0 });
  });

  it("logs a rejection a handler left floating and keeps serving (own process, as in production)", async function () {
    this.timeout(30_000);
    const script = forkScript("floating-rejection", []);
    try {
      const { url } = await script.next<{ url: string }>();
      const { deliver } = await import("../server/start-test-server.js");
      expect((await deliver(url, "issues", issuesOpenedPayload(), { id: "float-1" })).status).to.equal(200);
      expect((await deliver(url, "issues", issuesOpenedPayload(), { id: "float-2" })).status).to.equal(200);
      // The rejections come after the answers: wait for both (bounded), as a loaded machine may take a while.
      let stats = { unhandledRejections: 0 };
      let lines: string[] = [];
      for (let attempt = 0; attempt < 100 && (stats.unhandledRejections < 2 || lines.length < 2); attempt++) {
        await sleep(20);
        stats = (await (await fetch(`${url}/test/stats`)).json()) as { unhandledRejections: number };
        lines = script
          .stdout()
          .split("\n")
          .filter((line) => line.includes("floating failure"));
      }
      expect(stats.unhandledRejections).to.equal(2);
      expect(lines).to.have.length(2);
      expect(JSON.parse(lines[0]!)).to.include({ level: 50 });
      const comment = { ...issuesOpenedPayload(), action: "created", comment: { id: 1, body: "hi" } };
      expect((await deliver(url, "issue_comment", comment, { id: "float-3" })).status).to.equal(200);
      let request: Record<string, unknown> | undefined;
      for (let attempt = 0; attempt < 100 && !request; attempt++) {
        await sleep(20);
        const line = script
          .stdout()
          .split("\n")
          .find((text) => text.includes("no-such-route"));
        request = line ? (JSON.parse(line) as Record<string, unknown>) : undefined;
      }
      expect(request).to.include({ level: 50, id: "float-3" });
      // The address without its query (page=2 was sent).
      expect(request!.request).to.match(/^GET http:\/\/127\.0\.0\.1:\d+\/repos\/octo\/hello\/no-such-route$/);
      expect(String(request!.msg)).to.match(
        /^A request of delivery float-3 \(GET \S+\/no-such-route\) failed and nothing handled it: /,
      );
      // An aggregate left floating: its line gives the handlers' messages, not their stacks.
      const pull = { ...issuesOpenedPayload(), action: "opened", pull_request: { number: 1 } };
      expect((await deliver(url, "pull_request", pull, { id: "float-4" })).status).to.equal(200);
      let aggregate: string | undefined;
      for (let attempt = 0; attempt < 100 && !aggregate; attempt++) {
        await sleep(20);
        aggregate = script
          .stdout()
          .split("\n")
          .find((text) => text.includes("floating aggregate") && text.includes("nothing handled it"));
      }
      const { msg } = JSON.parse(aggregate!) as { msg: string };
      // Before it, receive() logged each handler's error, as Probot's does, bound to the delivery.
      const each = script
        .stdout()
        .split("\n")
        .filter((text) => text.includes("handler of the floating aggregate") && !text.includes("nothing handled it"))
        .map((text) => JSON.parse(text) as { level: number; name: string; id: string });
      expect(each.map(({ level, name, id }) => ({ level, name, id }))).to.deep.equal([
        { level: 50, name: "event", id: "float-4-label" },
        { level: 50, name: "event", id: "float-4-label" },
      ]);
      expect(msg).to.include("first handler of the floating aggregate\nsecond handler of the floating aggregate");
      expect(msg).not.to.match(/\n\s+at /);
    } finally {
      expect(await script.exit()).to.equal(0);
    }
  });
});
