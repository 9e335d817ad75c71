import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { Hono } from "hono";
import { createAppFunctionArgument, type Router } from "../src/app-function-argument.js";
import { App } from "../src/app.js";
import type { ApplicationFunctionOptions } from "../src/application-function.js";
import { DEPRECATED_APP_KEYS } from "../src/deprecations.js";
import { createTestApp, issuesOpenedPayload } from "./helpers/test-app.js";

/**
 * Runs `body` in a fresh Node process (the warning is once per process), returning its JSON
 * output: `warnings` are Node's DeprecationWarning lines on stderr, `logged` the app's log lines.
 */
function inFreshProcess(body: string): { warnings: string[]; logged: string[]; didDeprecate: boolean; seen: string[] } {
  const script = `
    import { App, getLog, didDeprecate } from "gh-app-kit";
    const before = didDeprecate; // a live binding: read it now
    const lines = [];
    const log = getLog({ level: "warn", logFormat: "json", destination: { write: (line) => lines.push(JSON.parse(line)) } });
    const app = new App({ secret: "s", log });
    const seen = [];
    ${body}
    console.log(JSON.stringify({ before, didDeprecate, seen, logged: lines.map((line) => line.msg) }));
  `;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  expect(child.status, child.stderr).to.equal(0);
  const result = JSON.parse(child.stdout) as {
    before: boolean;
    didDeprecate: boolean;
    seen: string[];
    logged: string[];
  };
  expect(result.before).to.equal(false);
  const warnings = child.stderr.split("\n").filter((line) => line.includes("DeprecationWarning"));
  return { ...result, warnings };
}

describe("the application function argument", () => {
  it("carries app and getRouter, and runs a current-shape app without any warning", () => {
    const result = inFreshProcess(`
      await app.load(({ app: loaded, getRouter }) => {
        loaded.on("issues.opened", async () => void seen.push("current"));
        seen.push(typeof getRouter);
      }, { getRouter: () => ({}) });
      await app.receive({ id: "1", name: "issues", payload: { action: "opened" } });
    `);
    expect(result.seen).to.deep.equal(["function", "current"]);
    expect(result.warnings).to.deep.equal([]);
    expect(result.logged).to.deep.equal([]);
    expect(result.didDeprecate).to.equal(false);
  });

  it("runs an earlier-shape app unchanged, with one DeprecationWarning per process (not in its log) and didDeprecate set", () => {
    const result = inFreshProcess(`
      const earlier = (a) => {
        a.on("issues.opened", async () => void seen.push("on"));
        a.log.info("logged");
        a.log("called");
      };
      await app.load(earlier);
      await app.load(earlier);
      const { on } = (await new Promise((resolve) => app.load((argument) => resolve(argument))));
      on("issues.closed", async () => void seen.push("destructured"));
      await app.receive({ id: "1", name: "issues", payload: { action: "opened" } });
      await app.receive({ id: "2", name: "issues", payload: { action: "closed" } });
    `);
    expect(result.seen).to.deep.equal(["on", "on", "destructured"]);
    // Once, on stderr as a Node DeprecationWarning; never in the app's own log (apps' tests compare it).
    expect(result.warnings).to.have.length(1);
    expect(result.warnings[0]).to.match(
      /DeprecationWarning: An application function used "on" of its argument, which is deprecated/,
    );
    expect(result.logged).to.deep.equal([]);
    expect(result.didDeprecate).to.equal(true);
  });

  it("has the seven deprecated keys, not enumerable, each returning the app's member", async () => {
    const { app } = createTestApp(undefined);
    const root = new Hono();
    const getRouter = (path?: string) => (path ? root.basePath(path) : root) as Router;
    const argument = createAppFunctionArgument(app, getRouter);
    expect(Object.keys(argument)).to.deep.equal(["app", "getRouter"]);
    for (const key of DEPRECATED_APP_KEYS) expect(argument, key).to.have.property(key);
    expect(argument.log).to.equal(app.log);
    expect(argument.route).to.equal(getRouter);
    argument.router.get("/deprecated", (c) => c.text("router"));
    expect(await (await root.request("/deprecated")).text()).to.equal("router");
    let received = false;
    argument.on("issues.opened", async () => void (received = true));
    await argument.receive({ id: "1", name: "issues", payload: issuesOpenedPayload() });
    expect(received).to.equal(true);
    expect(await argument.auth()).to.have.property("issues");
  });
  it("is the App in every member for an earlier-shape (app, { getRouter }) app: onAny, onError, webhooks, state, version", async () => {
    const { app } = createTestApp(undefined);
    const seen: string[] = [];
    let given: unknown;
    await app.load(
      // As Probot 11–14 apps are written (Probot's docs use app.onAny and app.onError).
      ((earlier: App, { getRouter }: { getRouter?: unknown }) => {
        given = earlier;
        earlier.onAny(async (context) => void seen.push(`any ${context.name}`));
        earlier.on("issues.opened", async () => {
          throw new Error("handler failed");
        });
        earlier.onError(async (error) => void seen.push(`error ${error.errors.length}`));
        earlier.webhooks.on("issues", async () => void seen.push("webhooks"));
        seen.push(`version ${earlier.version === app.version}`, `state ${earlier.state === app.state}`);
        seen.push(`router ${typeof getRouter}`, `instance ${earlier instanceof App}`);
        seen.push(`constructor ${earlier.constructor === App}`);
        const { onAny } = earlier;
        seen.push(`bound ${typeof onAny}`);
      }) as never,
      { getRouter: () => new Hono() },
    );
    await app.receive({ id: "1", name: "issues", payload: issuesOpenedPayload() }).catch(() => undefined);
    expect(seen).to.include.members([
      "version true",
      "state true",
      "router function",
      "instance true",
      "constructor true",
      "bound function",
      "any issues",
      "webhooks",
      "error 1",
    ]);
    expect(Object.keys(given as object)).to.deep.equal(["app", "getRouter"]);
  });

  it("gives an earlier-shape (app, options) app Probot's options: the app, cwd, addHandler, and getRouter only in a server", async () => {
    const { app } = createTestApp(undefined);
    const seen: Array<{ same: boolean; keys: string[]; router: string }> = [];
    const appFn = (first: App, options: ApplicationFunctionOptions): void => {
      seen.push({ same: options.app === first, keys: Object.keys(options), router: typeof options.getRouter });
    };
    await app.load(appFn);
    await app.load(appFn, { getRouter: () => new Hono() });
    expect(seen).to.deep.equal([
      { same: true, keys: ["app", "cwd", "addHandler"], router: "undefined" },
      { same: true, keys: ["app", "cwd", "addHandler", "getRouter"], router: "function" },
    ]);
  });

  // As CodeLenny/auto-comment-bot (Probot 7): its tests make an App and load the app outside any
  // server; Probot 7 to 9's application always had a router, so `robot.route()` never threw there.
  it("gives the earlier shape's route() and router a router that is not served outside a server, so the app goes on", async () => {
    const { app } = createTestApp(undefined);
    const seen: string[] = [];
    await app.load(((robot: { route: (path: string) => Hono; router: Hono; on: App["on"] }) => {
      robot.route("/auto-comment").get("/", (c) => c.text("routed"));
      robot.router.get("/health", (c) => c.text("ok"));
      robot.on("issues.opened", async () => void seen.push("handled"));
    }) as never);
    await app.receive({ id: "1", name: "issues", payload: issuesOpenedPayload() });
    expect(seen).to.deep.equal(["handled"]);
    // The spec's getRouter still says where routes are served.
    const error = await app.load((({ getRouter }: ApplicationFunctionOptions) => void getRouter("/x")) as never).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).to.have.property("code", "APP_FUNCTION_INVALID");
  });
});
