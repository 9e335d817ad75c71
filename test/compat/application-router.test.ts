import { expect } from "chai";
import express from "express";
import type { Handler } from "hono";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
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

  // Probot 7 to 10's `app.router` was an Express router, and apps' tests mounted it on an Express app of their
  // own to request its routes (`expressApp.use(robot.router)` with supertest).
  describe("mounted on an Express app of the test's own, outside any server", () => {
    let server: Server;
    let url: string;
    before(async () => {
      const app = new App({ secret: "s", logLevel: "fatal" });
      await app.load((robot: App) => {
        const meta = robot.route("/meta");
        meta.get(
          "/outdated",
          asRoute((req, res) => {
            res.redirect(`https://img.example/badge-${String(req.query["n"])}.svg`);
          }),
        );
        meta.get("/hono", (c) => c.json({ path: c.req.path }));
      });
      const outer = express();
      outer.use(app.router as unknown as express.RequestHandler);
      outer.use("/prefix", app.router as unknown as express.RequestHandler);
      outer.use((_req, res) => {
        res.status(418).send("after the router");
      });
      server = outer.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise((resolve) => server.close(resolve)));

    it("serves its Express and Hono routes", async () => {
      const redirect = await fetch(`${url}/meta/outdated?n=5`, { redirect: "manual" });
      expect(redirect.status).to.equal(302);
      expect(redirect.headers.get("location")).to.equal("https://img.example/badge-5.svg");
      expect(await (await fetch(`${url}/meta/hono`)).json()).to.deep.equal({ path: "/meta/hono" });
    });

    it("matches beneath the path it is mounted at, as an Express router", async () => {
      expect(await (await fetch(`${url}/prefix/meta/hono`)).json()).to.deep.equal({ path: "/meta/hono" });
    });

    it("hands a request none of its routes answers to the Express app's next middleware", async () => {
      const response = await fetch(`${url}/elsewhere`);
      expect(response.status).to.equal(418);
      expect(await response.text()).to.equal("after the router");
    });
  });
});
