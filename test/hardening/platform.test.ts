import { expect } from "chai";
import { AppClient } from "../../src/client/app-client.js";
import { serverErrorResponse, startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createTestApp, FastClient } from "../helpers/test-app.js";
import { startFlakyServer } from "./flaky-server.js";

const REPO = { owner: "octo", repo: "hello" };
const COMMENT = { ...REPO, issue_number: 1, body: "Hi" };
const COMMENTS = "/repos/:owner/:repo/issues/:issue_number/comments";

/**
 * Without throttling: it spaces writes one second apart across the process,
 * which only slows these tests down.
 */
const Unthrottled = FastClient.defaults({ throttle: { enabled: false } as never });

async function rejection(promise: Promise<unknown>): Promise<{ status?: number; message: string }> {
  return promise.then(
    () => expect.fail("expected a rejection"),
    (error: { status?: number; message: string }) => error,
  );
}

describe("hardening: platform faults", () => {
  let platform: FakePlatform;
  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(() => platform.close());

  it("retries a GET after a 5xx, with growing back-off, and succeeds", async () => {
    const Client = AppClient.defaults({ retry: { retryAfterBaseValue: 20 } });
    const { app } = createTestApp(platform, { Client });
    const client = await app.auth(1);
    platform.failNext("GET", "/repos/:owner/:repo", serverErrorResponse(502), 2);
    const started = performance.now();
    expect((await client.repos.get(REPO)).status).to.equal(200);
    expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(3);
    expect(performance.now() - started).to.be.at.least(20 + 80); // waited 1², then 2², times the base
  });

  it("retries a GET after network errors (the connection dropped before an answer)", async () => {
    const flaky = await startFlakyServer(2);
    try {
      const client = new FastClient({ baseUrl: flaky.url });
      const { data } = await client.request("GET /repos/{owner}/{repo}", REPO);
      expect(data).to.deep.equal({ ok: true });
      expect(flaky.arrivals).to.have.length(3);
    } finally {
      await flaky.close();
    }
  });

  it("does not retry a POST after a 5xx: the platform may have done it already", async () => {
    const { app } = createTestApp(platform, { Client: Unthrottled });
    const client = await app.auth(1);
    platform.failNext("POST", COMMENTS, serverErrorResponse(502));
    expect((await rejection(client.issues.createComment(COMMENT))).status).to.equal(502);
    expect(platform.callsTo("POST", COMMENTS)).to.have.length(1);
  });

  it("does not retry a POST after a network error", async () => {
    const flaky = await startFlakyServer(1);
    try {
      const client = new Unthrottled({ baseUrl: flaky.url });
      await rejection(client.request("POST /repos/{owner}/{repo}/issues", { ...REPO, title: "x" }));
      expect(flaky.arrivals).to.have.length(1);
    } finally {
      await flaky.close();
    }
  });

  it("does not retry a PATCH after a 5xx", async () => {
    const { app } = createTestApp(platform, { Client: Unthrottled });
    const client = await app.auth(1);
    platform.failNext("PATCH", "/repos/:owner/:repo/issues/:issue_number", serverErrorResponse(503));
    expect((await rejection(client.issues.update({ ...REPO, issue_number: 1, title: "x" }))).status).to.equal(503);
    expect(platform.callsTo("PATCH", "/repos/:owner/:repo/issues/:issue_number")).to.have.length(1);
  });

  it("retries a POST when the client allows it with retry.retryNonIdempotent", async () => {
    const Client = Unthrottled.defaults({ retry: { retryAfterBaseValue: 1, retryNonIdempotent: true } });
    const { app } = createTestApp(platform, { Client });
    const client = await app.auth(1);
    platform.failNext("POST", COMMENTS, serverErrorResponse(502));
    expect((await client.issues.createComment(COMMENT)).status).to.equal(201);
    expect(platform.callsTo("POST", COMMENTS)).to.have.length(2);
  });

  it("retries an idempotent PUT after a 5xx", async () => {
    let calls = 0;
    platform.on("PUT", "/repos/:owner/:repo/topics", () =>
      ++calls === 1 ? serverErrorResponse(502) : { status: 200, body: { names: ["a"] } },
    );
    const { app } = createTestApp(platform, { Client: Unthrottled });
    const client = await app.auth(1);
    expect((await client.repos.replaceAllTopics({ ...REPO, names: ["a"] })).status).to.equal(200);
    expect(calls).to.equal(2);
  });

  const graphql: ReadonlyArray<[kind: string, query: string, calls: number]> = [
    ["query", "query { viewer { login } }", 2],
    ["mutation", 'mutation { addStar(input: {starrableId: "x"}) { clientMutationId } }', 1],
  ];
  for (const [kind, query, calls] of graphql) {
    it(`${calls === 2 ? "retries" : "does not retry"} a GraphQL ${kind} after a 5xx`, async () => {
      let seen = 0;
      platform.on("POST", "/graphql", () =>
        ++seen === 1 ? serverErrorResponse(502) : { status: 200, body: { data: {} } },
      );
      const { app } = createTestApp(platform, { Client: Unthrottled });
      const client = await app.auth(1);
      await client.graphql(query).catch(() => undefined);
      expect(seen).to.equal(calls);
    });
  }

  for (const status of [404, 422]) {
    it(`does not retry a GET answered ${status}`, async () => {
      const { app } = createTestApp(platform);
      const client = await app.auth(1);
      platform.failNext("GET", "/repos/:owner/:repo", { status, body: { message: "no" } });
      expect((await rejection(client.repos.get(REPO))).status).to.equal(status);
      expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(1);
    });
  }

  it("retries a failed token exchange, and shares it between concurrent callers", async () => {
    const { app } = createTestApp(platform);
    platform.failNext("POST", "/app/installations/:installation_id/access_tokens", serverErrorResponse(502));
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => app.state.tokens!.getInstallationToken(1)));
    expect(new Set(tokens).size).to.equal(1);
    expect(platform.tokenExchanges()).to.have.length(2); // one failure, one retry, for all five callers
  });

  it("corrects a JWT rejected for clock skew once, from the platform's Date header, with one warning naming the skew", async () => {
    await platform.close();
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, clockSkewSeconds: -7200 });
    const { app, logs } = createTestApp(platform);
    await Promise.all([app.auth(1), app.auth(1)].map(async (client) => (await client).repos.get(REPO)));
    await (await app.auth()).apps.getAuthenticated();
    const warnings = logs.records().filter((record) => record["level"] === 40 && /clock/.test(String(record["msg"])));
    expect(warnings).to.have.length(1);
    expect(String(warnings[0]!["msg"])).to.match(/7\d{3}s behind/);
  });
});
