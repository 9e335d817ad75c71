import { expect } from "chai";
import type { App } from "../../src/app.js";
import { isAppError } from "../../src/errors.js";
import { startFakePlatform, type FakePlatform, type FakeResponse } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createRedisApp } from "../helpers/redis-app.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { createTestApp } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";

const EXCHANGE = "/app/installations/:installation_id/access_tokens";

// What a proxy, a captive portal or a broken platform may answer a token exchange with.
const BROKEN_ANSWERS: Array<[string, FakeResponse]> = [
  ["200 {}", { status: 200, body: {} }],
  ['an empty "token"', { status: 201, body: { token: "", expires_at: "2099-01-01T00:00:00Z" } }],
  ['a numeric "token"', { status: 201, body: { token: 12345, expires_at: "2099-01-01T00:00:00Z" } }],
  ["an array", { status: 200, body: [] }],
  ["an HTML page", { status: 200, headers: { "content-type": "text/html" }, body: "<html>Sign in</html>" }],
  ['an "expires_at" in the past', { status: 201, body: { token: "ghs_old", expires_at: "2001-01-01T00:00:00Z" } }],
  ['an "expires_at" that is no date', { status: 201, body: { token: "ghs_odd", expires_at: "soon" } }],
];

describe("a token exchange answered without a usable token", () => {
  let platform: FakePlatform;
  let redis: RedisServer;
  const apps: App[] = [];

  before(async () => {
    redis = await startRedisServer();
    await redis.start();
  });
  after(() => redis.stop());
  beforeEach(async () => {
    await redis.flush();
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await platform.close();
  });

  async function expectRefused(app: App): Promise<void> {
    const error = await (async () => (await app.auth(1)).repos.get({ owner: "octo", repo: "hello" }))().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isAppError(error), String(error)).to.equal(true);
    expect(error).to.include({ code: "TOKEN_EXCHANGE_FAILED" });
    expect((error as Error).message).to.match(/installation 1.*no usable token/);
    // Nothing was sent with a made-up token.
    expect(platform.calls.filter((call) => call.path === "/repos/octo/hello")).to.deep.equal([]);
  }

  for (const [name, answer] of BROKEN_ANSWERS) {
    it(`refuses ${name} and caches nothing in memory`, async () => {
      platform.on("POST", EXCHANGE, () => answer, { auth: "app" });
      const { app } = createTestApp(platform);
      apps.push(app);
      await expectRefused(app);
      expect(app.state.cache?.get(1)).to.equal(undefined);
      // The next call exchanges again instead of using something cached.
      await expectRefused(app);
      expect(platform.tokenExchanges()).to.have.length(2);
    });
  }

  it("refuses 200 {} and stores nothing in Redis", async () => {
    platform.on("POST", EXCHANGE, () => ({ status: 200, body: {} }), { auth: "app" });
    const app = createRedisApp(platform, redis.url);
    apps.push(app);
    await until(() => app.state.redis!.connection.up);
    await expectRefused(app);
    expect((await redis.keys()).filter((key) => key.includes("token:"))).to.deep.equal([]);
    // A second instance finds nothing shared and exchanges for itself.
    const other = createRedisApp(platform, redis.url);
    apps.push(other);
    await until(() => other.state.redis!.connection.up);
    await expectRefused(other);
    expect(platform.tokenExchanges()).to.have.length(2);
  });
});
