import { expect } from "chai";
import type express from "express";
import type { Handler } from "hono";
import { startTestServer, type TestServer } from "../server/start-test-server.js";

/** An Express handler as Probot apps wrote them, given to getRouter()'s router. */
const asRoute = (fn: express.RequestHandler) => fn as unknown as Handler;

/**
 * Probot 10 to 13's getRouter(path) was an Express router, whose routing is not strict: a route
 * `/` under `getRouter("/docs")` answered `/docs` and `/docs/`, `/about` answered `/about/` (and
 * `/about/` answered `/about`). godaddy/pullie's docs page at `/docs/` was a 404 after the
 * migration (IK).
 */
describe("Express routes on getRouter()'s router, with or without a trailing slash (IK)", () => {
  let test: TestServer;
  before(async () => {
    test = await startTestServer(({ getRouter }) => {
      const docs = getRouter("/docs");
      docs.get(
        "/",
        asRoute((_req, res) => {
          res.send("docs home");
        }),
      );
      docs.get(
        "/about",
        asRoute((_req, res) => {
          res.send("about");
        }),
      );
      docs.get(
        "/team/",
        asRoute((_req, res) => {
          res.send("team");
        }),
      );
      getRouter().get(
        "/status",
        asRoute((_req, res) => {
          res.send("up");
        }),
      );
      getRouter("/hono").get("/page", (c) => c.text("hono page"));
    });
  });
  after(() => test.close());

  it("answers an Express route at its path and with a trailing slash, as Express did", async () => {
    const cases: Array<[string, string]> = [
      ["/docs", "docs home"],
      ["/docs/", "docs home"],
      ["/docs/about", "about"],
      ["/docs/about/", "about"],
      ["/docs/team", "team"],
      ["/docs/team/", "team"],
      ["/status", "up"],
      ["/status/", "up"],
    ];
    for (const [path, text] of cases) {
      const response = await fetch(`${test.url}${path}`);
      expect(response.status, path).to.equal(200);
      expect(await response.text(), path).to.equal(text);
    }
  });

  it("leaves Hono's own routes strict, and a doubled slash unmatched", async () => {
    expect((await fetch(`${test.url}/docs//`)).status).to.equal(404);
    expect(await (await fetch(`${test.url}/hono/page`)).text()).to.equal("hono page");
    expect((await fetch(`${test.url}/hono/page/`)).status).to.equal(404);
  });
});
