import { expect } from "chai";
import express from "express";
import type { Handler } from "hono";
import { App } from "../../src/app.js";
import { startTestServer, type TestServer } from "../server/start-test-server.js";

const asRoute = (fn: express.RequestHandler) => fn as unknown as Handler;

/** Probot 7 to 10's routers on the application itself, as an app function typed `(robot: Application)` reaches them. */
function earlierRoutes(robot: App): void {
  robot.route("/admin").get(
    "/status",
    asRoute((_req, res) => {
      res.json({ ok: true });
    }),
  );
  robot.router.get("/metrics", (c) => c.text("up 1"));
}

describe("compat: app.route() and app.router on the App itself (Probot 7 to 10's Application)", () => {
  let test: TestServer;
  before(async () => {
    test = await startTestServer((argument) => earlierRoutes((argument as unknown as { app: App }).app));
  });
  after(() => test.close());

  it("give the router of the server that loaded the app, Express handlers included", async () => {
    const status = await fetch(`${test.url}/admin/status`);
    expect(await status.json()).to.deep.equal({ ok: true });
    expect(await (await fetch(`${test.url}/metrics`)).text()).to.equal("up 1");
  });

  it("give a router that is not served before any server loaded the app, as in a test", () => {
    const app = new App({ secret: "s", logLevel: "fatal" });
    expect(() => earlierRoutes(app)).to.not.throw();
    expect(app.route("/admin")).to.have.property("fetch").that.is.a("function");
  });
});
