import { expect } from "chai";
import * as root from "../src/index.js";
import * as meta from "../src/app-meta.js";
import { checkEventSubscriptions } from "../src/check-event-subscriptions.js";
import { startFakePlatform, type FakePlatform } from "./helpers/fake-platform.js";
import { serverErrorResponse } from "./helpers/fake-platform.js";
import { getTestKeys } from "./helpers/keys.js";
import { createTestApp } from "./helpers/test-app.js";

const { getAppMeta, resetAppMetaForTests } = meta;
const WARN = 40;
const ERROR = 50;

describe("app meta", () => {
  let platform: FakePlatform;
  before(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  after(() => platform.close());
  beforeEach(() => {
    platform.reset();
    platform.setAppEvents(["issues", "issue_comment", "push"]);
    resetAppMetaForTests();
  });
  afterEach(() => resetAppMetaForTests());

  const appMetaCalls = () => platform.callsTo("GET", "/app").length;

  describe("getAppMeta", () => {
    it("fetches GET /app once per process, with the app's JWT, and shares it", async () => {
      expect(meta.appMeta).to.equal(null);
      const first = createTestApp(platform).app;
      const second = createTestApp(platform).app;
      const [a, b] = await Promise.all([getAppMeta(first), getAppMeta(first)]);
      const c = await getAppMeta(second);
      expect(a?.slug).to.equal("test-app");
      expect(b).to.equal(a);
      expect(c).to.equal(a);
      expect(appMetaCalls()).to.equal(1);
      expect(platform.callsTo("GET", "/app")[0]!.auth).to.deep.equal({ type: "app", appId: 1 });
      expect(meta.appMeta).to.be.instanceOf(Promise);
      expect(root.appMeta).to.equal(meta.appMeta, "the package root re-exports the live binding");
    });

    it("sets didFailRetrievingAppMeta, warns once and never fetches again after a failure", async () => {
      platform.failNext("GET", "/app", serverErrorResponse(500), 10);
      const { app, logs } = createTestApp(platform);
      expect(await getAppMeta(app)).to.equal(null);
      const calls = appMetaCalls();
      expect(calls).to.be.at.least(1);
      expect(meta.didFailRetrievingAppMeta).to.equal(true);
      expect(root.didFailRetrievingAppMeta).to.equal(true);
      expect(meta.appMeta).to.equal(null);
      expect(await getAppMeta(app)).to.equal(null);
      expect(await Promise.all([getAppMeta(app), getAppMeta(app)])).to.deep.equal([null, null]);
      expect(appMetaCalls()).to.equal(calls);
      const warnings = logs.records().filter((record) => record["level"] === WARN);
      expect(warnings).to.have.length(1);
      expect(warnings[0]!["msg"]).to.equal(
        "Could not retrieve the app's registration from the platform (GET /app: HTTP 500), so its event " +
          "subscriptions are not checked. Check APP_ID and the private key; this is not retried.",
      );
    });

    it("reports a failure shared by concurrent callers once", async () => {
      platform.failNext("GET", "/app", { status: 404, body: { message: "Not Found" } });
      const { app, logs } = createTestApp(platform);
      expect(await Promise.all([getAppMeta(app), getAppMeta(app), getAppMeta(app)])).to.deep.equal([null, null, null]);
      expect(appMetaCalls()).to.equal(1);
      expect(logs.records().filter((record) => record["level"] === WARN)).to.have.length(1);
    });

    it("does not fetch for an app without app credentials", async () => {
      const { app } = createTestApp(platform, {
        appId: undefined,
        privateKey: undefined,
        platformToken: "ghp_notAnAppCredential1234",
      });
      expect(await getAppMeta(app)).to.equal(null);
      expect(appMetaCalls()).to.equal(0);
      expect(meta.didFailRetrievingAppMeta).to.equal(false);
    });
  });

  describe("checkEventSubscriptions", () => {
    it("logs one error line per event the registration is not subscribed to", async () => {
      platform.setAppEvents(["issues", "push"]);
      const { app, logs } = createTestApp(platform);
      app.on("issues.opened", async () => {});
      app.on(["check_run.completed", "check_run.created", "pull_request"], async () => {});
      app.on("installation.created", async () => {});
      app.onAny(async () => {});
      expect(await checkEventSubscriptions(app, { env: {} })).to.deep.equal(["check_run", "pull_request"]);
      const errors = logs
        .records()
        .filter((record) => record["level"] === ERROR)
        .map((record) => record["msg"]);
      expect(errors).to.deep.equal([
        'The app listens to "check_run" events, but its registration is not subscribed to them: ' +
          "enable them in the app's settings (Permissions & events).",
        'The app listens to "pull_request" events, but its registration is not subscribed to them: ' +
          "enable them in the app's settings (Permissions & events).",
      ]);
      expect(appMetaCalls()).to.equal(1);
    });

    it("logs nothing when every event is subscribed", async () => {
      const { app, logs } = createTestApp(platform);
      app.on(["issues.opened", "push"], async () => {});
      expect(await checkEventSubscriptions(app, { env: { NODE_ENV: "development" } })).to.deep.equal([]);
      expect(logs.records().filter((record) => Number(record["level"]) >= WARN)).to.deep.equal([]);
    });

    for (const NODE_ENV of ["production", "test"]) {
      it(`is skipped when NODE_ENV is ${NODE_ENV}`, async () => {
        platform.setAppEvents([]);
        const { app, logs } = createTestApp(platform);
        app.on("check_run", async () => {});
        expect(await checkEventSubscriptions(app, { env: { NODE_ENV } })).to.deep.equal([]);
        expect(appMetaCalls()).to.equal(0);
        expect(logs.records().filter((record) => record["level"] === ERROR)).to.deep.equal([]);
      });
    }

    for (const value of ["true", "TRUE"]) {
      it(`is skipped when DISABLE_WEBHOOK_EVENT_CHECK is ${value}, as Probot's check is`, async () => {
        platform.setAppEvents([]);
        const { app, logs } = createTestApp(platform);
        app.on("check_run", async () => {});
        expect(await checkEventSubscriptions(app, { env: { DISABLE_WEBHOOK_EVENT_CHECK: value } })).to.deep.equal([]);
        expect(appMetaCalls()).to.equal(0);
        expect(logs.records().filter((record) => record["level"] === ERROR)).to.deep.equal([]);
      });
    }

    it("checks nothing, and warns once, when the registration cannot be fetched", async () => {
      platform.failNext("GET", "/app", serverErrorResponse(500), 10);
      const { app, logs } = createTestApp(platform);
      app.on("check_run", async () => {});
      expect(await checkEventSubscriptions(app, { env: {} })).to.deep.equal([]);
      expect(await checkEventSubscriptions(app, { env: {} })).to.deep.equal([]);
      expect(logs.records().filter((record) => record["level"] === ERROR)).to.deep.equal([]);
      expect(logs.records().filter((record) => record["level"] === WARN)).to.have.length(1);
    });
  });
});
