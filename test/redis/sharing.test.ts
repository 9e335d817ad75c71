import type { ThrottlingOptions } from "@octokit/plugin-throttling";
import { expect } from "chai";
import { App } from "../../src/app.js";
import { getLog } from "../../src/log/get-log.js";
import { redisSharing, type RedisSharing } from "../../src/redis/create-redis-sharing.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { secondaryRateLimitResponse, startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createRedisApp } from "../helpers/redis-app.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { until } from "../helpers/until.js";
import { FastClient } from "../helpers/test-app.js";

const repo = { owner: "octo", repo: "hello" };

describe("sharing between instances through Redis", () => {
  let redis: RedisServer;
  let platform: FakePlatform;
  const apps: App[] = [];

  function instance(logs: LogCapture = createLogCapture()): App {
    const app = createRedisApp(platform, redis.url, logs);
    apps.push(app);
    return app;
  }
  const ready = (app: App) => until(() => app.state.redis!.connection.up);

  before(async () => {
    redis = await startRedisServer();
  });
  after(() => redis.stop());
  beforeEach(async () => {
    await redis.start();
    await redis.flush();
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await platform.close();
  });

  it("makes one token exchange for many concurrent requests across three instances", async () => {
    const instances = [instance(), instance(), instance()];
    await Promise.all(instances.map(ready));
    const clients = await Promise.all(instances.map((app) => app.auth(1)));
    await Promise.all(clients.flatMap((client) => Array.from({ length: 10 }, () => client.repos.get(repo))));
    expect(platform.tokenExchanges()).to.have.length(1);
    expect(platform.callsTo("GET", "/repos/:owner/:repo")).to.have.length(30);
  });

  it("claims a delivery once: a second instance sees it running, then done", async () => {
    const [first, second] = [instance(), instance()];
    await Promise.all([ready(first), ready(second)]);
    const claim = await first.state.redis!.deliveries.claim("d-1");
    expect(claim.status).to.equal("claimed");
    expect((await second.state.redis!.deliveries.claim("d-1")).status).to.equal("running");
    if (claim.status === "claimed") await claim.release("done");
    expect((await second.state.redis!.deliveries.claim("d-1")).status).to.equal("done");
  });

  it("lets a failed delivery run again when it is redelivered", async () => {
    const [first, second] = [instance(), instance()];
    await Promise.all([ready(first), ready(second)]);
    const claim = await first.state.redis!.deliveries.claim("d-2");
    if (claim.status === "claimed") await claim.release("failed");
    expect((await second.state.redis!.deliveries.claim("d-2")).status).to.equal("claimed");
  });

  it("makes the other instances wait after one meets a secondary rate limit", async () => {
    const [first, second] = [instance(), instance()];
    await Promise.all([ready(first), ready(second)]);
    const [a, b] = await Promise.all([first.auth(1), second.auth(1)]);
    await Promise.all([a.repos.get(repo), b.repos.get(repo)]);
    platform.failNext("GET", "/repos/:owner/:repo", secondaryRateLimitResponse(1));
    const limited = Date.now();
    const retried = a.repos.get(repo);
    await until(() => (first.state.redis as RedisSharing).throttle.pause.remainingMs > 0);
    await until(() => (second.state.redis as RedisSharing).throttle.pause.remainingMs > 0);
    await b.repos.get(repo);
    expect(Date.now() - limited).to.be.at.least(900);
    await retried;
  });

  it("keeps the Client's own throttle options under the shared ones", async () => {
    const onSecondaryRateLimit = () => false;
    let seen: Record<string, any> = {};
    const Client = FastClient.defaults({ throttle: { onSecondaryRateLimit } as unknown as ThrottlingOptions }).plugin(
      (_octokit: unknown, options: Record<string, any>) => {
        seen = options;
      },
    );
    const app = new App({
      appId: 1,
      privateKey: getTestKeys().privateKeyPkcs1,
      baseUrl: platform.url,
      Client,
      redisConfig: redis.url,
      plugins: [redisSharing],
      log: getLog({ level: "fatal" }),
    });
    apps.push(app);
    await ready(app);
    await (await app.auth(1)).repos.get(repo);
    expect(seen.throttle).to.include({ onSecondaryRateLimit, retryAfterBaseValue: 10, clustering: true });
  });

  it("keeps serving on local state while Redis is down, logs the outage and the return once", async () => {
    const logs = createLogCapture();
    const app = instance(logs);
    await ready(app);
    await redis.stop();
    await until(() => !app.state.redis!.connection.up);
    const client = await app.auth(1);
    await client.repos.get(repo);
    await client.repos.get(repo);
    expect(platform.tokenExchanges()).to.have.length(1);
    await redis.start();
    await redis.flush();
    await ready(app);
    const other = instance();
    await ready(other);
    const fresh = await other.auth(2).catch(() => undefined);
    expect(fresh).to.not.equal(undefined);
    const messages = logs.records().map((record) => String(record.msg));
    expect(messages.filter((message) => /unreachable/.test(message))).to.have.length(1);
    expect(messages.filter((message) => /is back; sharing resumes/.test(message))).to.have.length(1);
    expect(logs.text()).not.to.include("redis://127.0.0.1:" + redis.port + "@");
  });

  it("starts with one warning when Redis is unreachable, and still works", async () => {
    await redis.stop();
    const logs = createLogCapture();
    const app = instance(logs);
    await (await app.auth(1)).repos.get(repo);
    await until(() => logs.text().includes("unreachable"), 5000);
    expect(logs.records().filter((record) => /unreachable/.test(String(record.msg)))).to.have.length(1);
    expect(platform.tokenExchanges()).to.have.length(1);
  });
});
