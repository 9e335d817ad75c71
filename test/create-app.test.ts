import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { createApp, deprecatedCreateApp, DEVELOPMENT_SECRET } from "../src/create-app.js";
import { App } from "../src/app.js";
import { createWebHandler } from "../src/server/create-web-handler.js";
import { AppClient } from "../src/client/app-client.js";
import { isAppError } from "../src/errors.js";
import { getLog } from "../src/log/get-log.js";
import { createLogCapture } from "./helpers/capture-log.js";
import { getTestKeys } from "./helpers/keys.js";

function quietLog() {
  const logs = createLogCapture();
  return { logs, log: getLog({ level: "debug", logFormat: "json", destination: logs.stream }) };
}

describe("createApp", () => {
  const key = getTestKeys().privateKeyPkcs1;

  it("reads the variables of the contract", async () => {
    const { log } = quietLog();
    const app = createApp({
      env: {
        APP_ID: "42",
        PRIVATE_KEY: key,
        WEBHOOK_SECRET: "from-env",
        WEBHOOK_PATH: "/hooks",
        WEBHOOK_PROXY_URL: "https://smee.io/abc",
        PORT: "4000",
        HOST: "127.0.0.1",
        GHE_HOST: "ghe.example.com",
        GITHUB_TOKEN: "ghp_token",
        REDIS_URL: "redis://127.0.0.1:6379",
      },
      overrides: { log },
    });
    expect(app.state).to.include({
      appId: 42,
      baseUrl: "https://ghe.example.com/api/v3",
      platformToken: "ghp_token",
      host: "127.0.0.1",
      port: 4000,
      webhookProxy: "https://smee.io/abc",
      redisConfig: "redis://127.0.0.1:6379",
    });
    expect(app.state.webhooks).to.deep.equal({ path: "/hooks", secret: "from-env" });
    expect(app.state.privateKey).to.equal(key);
    await app.close(); // REDIS_URL opened a (failing) connection that would keep the process alive
  });

  it("lets the environment win over defaults and overrides win over both", () => {
    const { log } = quietLog();
    const app = createApp({
      defaults: { appId: 1, secret: "default", port: 1000, webhookPath: "/default" },
      env: { APP_ID: "2", WEBHOOK_SECRET: "env", PORT: "2000" },
      overrides: { appId: 3, log },
    });
    expect([app.state.appId, app.state.webhooks.secret, app.state.port, app.state.webhooks.path]).to.deep.equal([
      3,
      "env",
      2000,
      "/default",
    ]);
  });

  it("uses the development secret outside production, with a loud warning once a server takes deliveries", () => {
    const { log, logs } = quietLog();
    const app = createApp({ env: {}, overrides: { log } });
    expect(app.state.webhooks.secret).to.equal(DEVELOPMENT_SECRET);
    expect(logs.text()).not.to.match(/WEBHOOK_SECRET/);
    createWebHandler(app);
    expect(logs.text()).to.match(/WEBHOOK_SECRET/);
  });

  it("sets no secret in production", () => {
    const { log } = quietLog();
    const app = createApp({ env: { NODE_ENV: "production" }, overrides: { log } });
    expect(app.state.webhooks.secret).to.equal(undefined);
  });

  const invalid: ReadonlyArray<[variable: string, value: string]> = [
    ["APP_ID", "abc"],
    ["PORT", "99999"],
    ["LOG_LEVEL", "loud"],
    ["GHE_HOST", "https://ghe.example.com"],
    ["LOG_LEVEL_IN_STRING", "maybe"],
  ];
  for (const [variable, value] of invalid) {
    it(`refuses ${variable}=${value} with an error naming the variable`, () => {
      const { log } = quietLog();
      expect(() => createApp({ env: { [variable]: value }, overrides: { log } }))
        .to.throw(new RegExp(variable === "APP_ID" ? "app id" : variable))
        .that.satisfies(isAppError);
    });
  }

  it("accepts the deprecated cert, id and throttleOptions, warning once each on stderr, not in the app's log", () => {
    const script = `
      import { App, AppClient } from "gh-app-kit";
      import { generateKeyPairSync } from "node:crypto";
      const lines = [];
      const log = { write: (line) => lines.push(line) };
      const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const key = privateKey.export({ type: "pkcs1", format: "pem" });
      const { default: pino } = await import("pino");
      const options = { cert: key, id: 7, throttleOptions: { enabled: false }, log: pino({}, log) };
      const first = new App(options);
      new App(options);
      console.log(JSON.stringify({ appId: first.state.appId, key: first.state.privateKey === key, client: first.state.Client !== AppClient, lines }));
    `;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.status, child.stderr).to.equal(0);
    expect(JSON.parse(child.stdout)).to.deep.equal({ appId: 7, key: true, client: true, lines: [] });
    const warnings = child.stderr.split("\n").filter((line) => line.includes("DeprecationWarning"));
    for (const name of ["cert", "id", "throttleOptions"]) {
      expect(warnings.filter((message) => message.includes(`"${name}"`))).to.have.length(1);
    }
  });

  it("gives the deprecated id and cert the precedence of the layer they are in", () => {
    const { log } = quietLog();
    const { privateKeyPkcs8 } = getTestKeys();
    const overridden = createApp({
      defaults: { appId: 1 },
      env: { APP_ID: "2", PRIVATE_KEY: key },
      overrides: { id: 3, cert: privateKeyPkcs8, log },
    });
    expect([overridden.state.appId, overridden.state.privateKey]).to.deep.equal([3, privateKeyPkcs8]);
    const underEnv = createApp({
      defaults: { id: 1, cert: privateKeyPkcs8 },
      env: { APP_ID: "2", PRIVATE_KEY: key },
      overrides: { log },
    });
    expect([underEnv.state.appId, underEnv.state.privateKey]).to.deep.equal([2, key]);
    const sameLayer = createApp({ env: {}, overrides: { appId: 4, id: 5, log } });
    expect(sameLayer.state.appId).to.equal(4);
  });

  it("deprecatedCreateApp takes plain options and does not write its warning into the app's log", () => {
    const { log, logs } = quietLog();
    const app = deprecatedCreateApp({ appId: 9, privateKey: key, secret: "s", log });
    deprecatedCreateApp({ appId: 9, privateKey: key, secret: "s", log });
    expect(app).to.be.instanceOf(App);
    expect(app.state.appId).to.equal(9);
    // The warning goes to stderr (a Node DeprecationWarning), never into the app's log.
    expect(logs.text()).not.to.include("is deprecated");
  });

  it("state has the fields of the spec", () => {
    const { log } = quietLog();
    const app = createApp({ env: {}, overrides: { appId: 1, privateKey: key, log } });
    expect(app.state).to.include.keys(
      "Client",
      "appId",
      "baseUrl",
      "cache",
      "platformToken",
      "host",
      "log",
      "client",
      "port",
      "privateKey",
      "webhookProxy",
      "webhooks",
    );
    expect(app.state.client).to.be.instanceOf(AppClient);
  });
});
