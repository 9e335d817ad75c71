import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import { expect } from "chai";
import { AppClient } from "../../src/client/app-client.js";
import { CLIENT_DEFAULTS, onRateLimit } from "../../src/client/defaults.js";
import { mergeClientOptions } from "../../src/client/merge-client-options.js";
import {
  primaryRateLimitResponse,
  secondaryRateLimitResponse,
  serverErrorResponse,
  startFakePlatform,
  type FakePlatform,
} from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createTestApp, issuesOpenedPayload } from "../helpers/test-app.js";

describe("AppClient", () => {
  let platform: FakePlatform;

  beforeEach(async () => {
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(() => platform.close());

  describe("defaults", () => {
    it("merges throttle options key by key with the built-in policy", () => {
      const options = mergeClientOptions({ throttle: { fallbackSecondaryRateRetryAfter: 5 } });
      expect(options.throttle.onRateLimit).to.equal(onRateLimit);
      expect(options.throttle.fallbackSecondaryRateRetryAfter).to.equal(5);
      expect(options.userAgent).to.equal(CLIENT_DEFAULTS.userAgent);
    });

    it("keeps a caller's user agent in front of the framework's", () => {
      expect(mergeClientOptions({ userAgent: "my-bot/1.0" }).userAgent).to.equal(
        `my-bot/1.0 ${CLIENT_DEFAULTS.userAgent}`,
      );
    });

    it("merges throttle and retry key by key through every layer of AppClient.defaults()", () => {
      const onSecondaryRateLimit = () => false;
      let seen: Record<string, any> = {};
      const Layered = AppClient.defaults({
        userAgent: "inner/1",
        throttle: { onSecondaryRateLimit } as unknown as ThrottlingOptions,
        retry: { retries: 1 },
      })
        .defaults({ userAgent: "outer/2", throttle: { id: "shared" } as ThrottlingOptions })
        .plugin((_octokit: unknown, options: Record<string, any>) => {
          seen = options;
        });
      new Layered({ throttle: { fallbackSecondaryRateRetryAfter: 5 } as ThrottlingOptions });
      expect(seen.throttle).to.include({
        onSecondaryRateLimit,
        onRateLimit,
        id: "shared",
        fallbackSecondaryRateRetryAfter: 5,
      });
      expect(seen.retry).to.include({ retries: 1, retryNonIdempotent: false });
      expect(seen.userAgent).to.equal(`outer/2 inner/1 ${CLIENT_DEFAULTS.userAgent}`);
    });

    it("carries every REST method at the root and under rest", () => {
      const client = new AppClient();
      expect(client.issues.createComment).to.be.a("function");
      expect(client.rest.issues.createComment).to.be.a("function");
      expect(client.paginate).to.be.a("function");
    });
  });

  it("retries a 502 and succeeds", async () => {
    const { app } = createTestApp(platform);
    const client = await app.auth(1);
    platform.failNext("GET", "/repos/:owner/:repo", serverErrorResponse(502));
    const { status } = await client.repos.get({ owner: "octo", repo: "hello" });
    expect(status).to.equal(200);
    expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(2);
  });

  it("waits for retry-after on a secondary rate limit, then retries", async () => {
    const { app, logs } = createTestApp(platform); // retry-after is scaled by 10 ms per second
    const client = await app.auth(1);
    platform.failNext("GET", "/repos/:owner/:repo", secondaryRateLimitResponse(8));
    const start = Date.now();
    await client.repos.get({ owner: "octo", repo: "hello" });
    const waited = Date.now() - start;
    expect(waited).to.be.at.least(75);
    // retry-after was read, not the 60 s fallback (an upper bound on the wait failed on a loaded machine).
    expect(logs.text()).to.match(/Secondary rate limit reached for GET [^\n]*; retrying in 8s \(retry 1 of/);
    expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(2);
  });

  it("waits at least 60 s (scaled here to 600 ms) after a secondary rate limit without retry-after", async () => {
    const { app } = createTestApp(platform);
    const client = await app.auth(1);
    platform.failNext("GET", "/repos/:owner/:repo", secondaryRateLimitResponse());
    const start = Date.now();
    await client.repos.get({ owner: "octo", repo: "hello" });
    expect(Date.now() - start).to.be.at.least(590);
  });

  it("gives up on the primary rate limit after a bounded number of retries", async () => {
    const { app } = createTestApp(platform);
    const client = await app.auth(1);
    platform.failNext("GET", "/repos/:owner/:repo", primaryRateLimitResponse(Math.floor(Date.now() / 1000)), 10);
    const error = await client.repos.get({ owner: "octo", repo: "hello" }).then(
      () => expect.fail("expected a rejection"),
      (failure: { status: number }) => failure,
    );
    expect(error.status).to.equal(403);
    expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(3);
  });

  it("gives up on a secondary rate limit after a bounded number of retries", async () => {
    const { app } = createTestApp(platform);
    const client = await app.auth(1);
    platform.failNext("GET", "/repos/:owner/:repo", secondaryRateLimitResponse(1), 10);
    const error = await client.repos.get({ owner: "octo", repo: "hello" }).then(
      () => expect.fail("expected a rejection"),
      (failure: { status: number }) => failure,
    );
    expect(error.status).to.equal(403);
    expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(3);
  });

  it("waits for the reset of the primary rate limit, then retries", async () => {
    const { app } = createTestApp(platform);
    const client = await app.auth(1);
    platform.failNext("GET", "/repos/:owner/:repo", primaryRateLimitResponse(Math.floor(Date.now() / 1000) + 2));
    await client.repos.get({ owner: "octo", repo: "hello" });
    expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(2);
  });

  it("paginates over three pages", async () => {
    const items = Array.from({ length: 65 }, (_, i) => ({ id: i + 1, number: i + 1, title: `Issue ${i + 1}` }));
    platform.setIssues("octo", "hello", items);
    const { app } = createTestApp(platform);
    const client = await app.auth(1);
    const all = await client.paginate(client.issues.listForRepo, { owner: "octo", repo: "hello" });
    expect(all.map((issue) => issue.id)).to.deep.equal(items.map((issue) => issue.id));
    expect(platform.callsTo("GET", "/repos/:owner/:repo/issues")).to.have.length(3);
  });

  it("sends x-github-delivery with every request of context.client", async () => {
    const { app } = createTestApp(platform);
    app.on("issues.opened", async (context) => {
      await context.client.repos.get(context.repo());
    });
    await app.receive({ id: "delivery-42", name: "issues", payload: issuesOpenedPayload(1) });
    const [call] = platform.callsTo("GET", "/repos/:owner/:repo");
    expect(call!.headers["x-github-delivery"]).to.equal("delivery-42");
  });

  it("logs one debug line per request without credentials", async () => {
    const { app, logs } = createTestApp(platform);
    const client = await app.auth(1);
    await client.repos.get({ owner: "octo", repo: "hello" });
    const lines = logs.records().filter((record) => /^GET \/repos\/octo\/hello - 200/.test(String(record.msg)));
    expect(lines).to.have.length(1);
    expect(lines[0]!.level).to.equal(20);
    expect(logs.text()).not.to.include(platform.issuedTokens()[0]!);
  });
});
