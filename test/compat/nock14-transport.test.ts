import { expect } from "chai";
import nock from "nock";
import { API, TestClient } from "./probot-style.js";
import { nockWhileRunning } from "../helpers/nock-while-running.js";

// Loading nock activates it; the cases activate it only while they run.
nock.restore();

/**
 * nock 14 (as msw 2, through the same interceptors) patches both node:http and the global fetch.
 * Probot 13 and 14 send with the global fetch, so their apps' tests meet nock's fetch interceptor;
 * here requests went through node-fetch over nock's node:http interceptor instead. Where an app's
 * tests load nock more than once (jest.resetModules, one vm context per test file), that
 * interceptor's socket then emitted an unmatched request's error with nobody listening, and jest,
 * in band on two cores, died with the rest of the files unrun (advanced-security/probot-security-alerts).
 */
describe("nock 14: requests reach it as Probot 13 and 14 send them, through the global fetch", () => {
  nockWhileRunning();

  it("gets the request from fetch (its headers), and answers it", async () => {
    expect(globalThis.fetch.name).to.equal("fetchProxy");
    let headers: Record<string, unknown> = {};
    nock(API)
      .get("/repos/hiimbex/testing-things")
      .reply(function () {
        headers = { ...(this.req.headers as Record<string, unknown>) };
        return [200, { name: "testing-things" }];
      });
    const client = new TestClient({ auth: "test" });
    const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "hiimbex", repo: "testing-things" });
    expect(data).to.deep.equal({ name: "testing-things" });
    // As Probot 13's request reaches nock 14: node-fetch would add `connection: close` and `accept-encoding`.
    expect(headers["connection"]).to.equal(undefined);
    expect(headers["accept-encoding"]).to.equal(undefined);
    expect(headers["authorization"]).to.equal("token test");
  });

  it("fails an unmatched request as Probot 13's client does: status 500, nock's message", async () => {
    nock(API).get("/elsewhere").reply(200, {});
    const client = new TestClient({ auth: "test" });
    const error = await client.request("GET /orgs/o/teams/t/memberships/u").then(
      () => undefined,
      (e: Error & { status?: number; cause?: unknown }) => e,
    );
    expect(error?.status).to.equal(500);
    expect(error?.message).to.match(/^Nock: No match for request/);
  });
});
