import { expect } from "chai";
import { spawnSync } from "node:child_process";
import pino from "pino";
import { App, createApp, createServer, type Application, type DeprecatedApplicationFunction } from "../../src/index.js";
import { resolveRunOptions } from "../../src/options/resolve-run-options.js";
import { runBin } from "../commands/run-bin.js";
import { startEventStreamServer } from "../helpers/event-stream-server.js";
import { getTestKeys } from "../helpers/keys.js";
import { sign } from "../helpers/sign.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";

describe("Spec rows and hints Probot apps meet", () => {
  it("9: in production with no key, the hint names --private-key, PRIVATE_KEY and PRIVATE_KEY_PATH", () => {
    let error: { message?: string; hint?: string } | undefined;
    try {
      resolveRunOptions({
        env: { NODE_ENV: "production", APP_ID: "1", WEBHOOK_SECRET: "s3cret-value" },
        cwd: "/nonexistent",
      });
    } catch (failure) {
      error = failure as typeof error;
    }
    expect(error?.message).to.equal("In production, set PRIVATE_KEY.");
    for (const source of ["--private-key", "PRIVATE_KEY ", "PRIVATE_KEY_PATH"]) expect(error?.hint).to.include(source);
  });

  it("13: createApp(plain options) takes them as overrides", () => {
    const app = createApp({ appId: 4242, secret: "plain-secret", log: pino({ level: "silent" }) });
    expect(app.state.appId).to.equal(4242);
    expect(app.state.webhooks.secret).to.equal("plain-secret");
  });

  it("13: the deprecated router option warns once, as a DeprecationWarning on stderr, not in the app's log", () => {
    const script = `
      import { App } from "gh-app-kit";
      import { Hono } from "hono";
      import pino from "pino";
      const lines = [];
      const log = pino({}, { write: (line) => lines.push(line) });
      new App({ router: new Hono(), log });
      new App({ router: new Hono(), log });
      console.log(JSON.stringify(lines));
    `;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.status, child.stderr).to.equal(0);
    expect(JSON.parse(child.stdout)).to.deep.equal([]);
    const warnings = child.stderr
      .split("\n")
      .filter((line) => /DeprecationWarning: The "router" option is deprecated/.test(line));
    expect(warnings).to.have.length(1);
  });

  it("GetLogOptions: the log-related Options fields shape the framework's logger of new App and createApp", () => {
    const script = `
      import { App, createApp } from "gh-app-kit";
      new App({ logFormat: "json", logMessageKey: "message", logLevelInString: true }).log.info("from new App");
      createApp({ env: { LOG_FORMAT: "pretty" }, overrides: { secret: "s", logFormat: "json" } }).log.info("from createApp");
    `;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.status, child.stderr).to.equal(0);
    const [fromApp, fromCreateApp] = child.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(fromApp).to.include({ message: "from new App", level: "info" });
    expect(fromCreateApp).to.include({ msg: "from createApp", level: 30 });
  });

  it("State, earlier shape: throttleOptions are the throttle options in use, and id is the app id", () => {
    const log = pino({ level: "silent" });
    const plain = new App({ appId: 31, log });
    expect(plain.state.id).to.equal(31);
    expect(plain.state.appId).to.equal(31);
    expect(plain.state.throttleOptions).to.include({ fallbackSecondaryRateRetryAfter: 60 });
    expect(plain.state.throttleOptions.onRateLimit).to.be.a("function");
    expect(plain.state.throttleOptions.onSecondaryRateLimit).to.be.a("function");
    const onRateLimit = () => false;
    const throttled = new App({ appId: 32, log, throttleOptions: { onRateLimit, fallbackSecondaryRateRetryAfter: 5 } });
    expect(throttled.state.throttleOptions).to.include({ onRateLimit, fallbackSecondaryRateRetryAfter: 5 });
    expect(throttled.state.throttleOptions.onSecondaryRateLimit).to.be.a("function");
    expect(new App({ id: 33, log }).state.id).to.equal(33);
  });

  it("13: Application is the type the earlier function shape is given", () => {
    const appFn: DeprecatedApplicationFunction = (app: Application) => app.on("issues", () => undefined);
    const app: Application = new App({ log: pino({ level: "silent" }) });
    void app.load(appFn);
    expect(app.webhooks.router.eventNames()).to.deep.equal(["issues"]);
  });

  it("13: app receive accepts --app for the app id", async () => {
    const result = await runBin(["receive", "--app", "77", "-e", "issues", "-p", "/nonexistent.json"], { cwd: "/tmp" });
    expect(result.stderr).not.to.match(/Nonexistent flag/);
    expect(result.stderr).to.match(/nonexistent\.json/);
  });

  it("13: app run accepts --app for the app id", async () => {
    const result = await runBin(["run", "--help"], { cwd: "/tmp" });
    expect(result.stdout).to.match(/--app-id/);
    const bad = await runBin(["run", "--app", "0"], { cwd: "/tmp", env: { NODE_ENV: "production" } });
    // oclif refused the value for the app id (min 1), so --app names it.
    expect(bad.stderr).to.match(/app-id|app/);
    expect(bad.stderr).not.to.match(/Nonexistent flag/);
  });

  it("13: createServer honours webhookProxy: it relays the channel's deliveries and closes it on stop", async () => {
    const stream = await startEventStreamServer();
    const ran: string[] = [];
    const app = new App({
      appId: 1,
      privateKey: getTestKeys().privateKeyPkcs1,
      secret: TEST_SECRET,
      log: pino({ level: "silent" }),
    });
    const server = createServer({ app, port: 0, host: "127.0.0.1", webhookProxy: stream.url });
    await server.load(({ app: inner }) => inner.on("issues.opened", (context) => void ran.push(context.id)));
    try {
      await server.start();
      await stream.waitForConnections(1);
      const body = JSON.stringify(issuesOpenedPayload());
      stream.sendDelivery({
        "x-github-event": "issues",
        "x-github-delivery": "via-proxy",
        "x-hub-signature-256": sign(TEST_SECRET, body),
        "content-type": "application/json",
        body: JSON.parse(body),
        rawBody: body,
      });
      await until(() => ran.length > 0);
      expect(ran).to.deep.equal(["via-proxy"]);
    } finally {
      await server.stop({ graceMs: 0 });
      await until(() => stream.openCount() === 0);
      await stream.close();
    }
  });
});
