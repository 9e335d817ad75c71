import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { App } from "../../src/app.js";
import { createDeliveryClaims } from "../../src/redis/delivery-claims.js";
import { RedisConnection } from "../../src/redis/redis-connection.js";
import { createLogCapture, type LogCapture } from "../helpers/capture-log.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createRedisApp } from "../helpers/redis-app.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { until } from "../helpers/until.js";

const repo = { owner: "octo", repo: "hello" };
const quiet = { info: () => undefined, warn: () => undefined };

describe("Redis failures while sharing", () => {
  let redis: RedisServer;
  let platform: FakePlatform;
  const apps: App[] = [];

  function instance(logs: LogCapture = createLogCapture(), redisConfig: App["state"]["redisConfig"] = redis.url): App {
    const app = createRedisApp(platform, redisConfig, logs);
    apps.push(app);
    return app;
  }

  before(async () => {
    redis = await startRedisServer();
  });
  after(() => redis.stop());
  beforeEach(async () => {
    redis.thaw();
    await redis.start();
    await redis.flush();
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(async () => {
    redis.thaw();
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await platform.close();
  });

  it("finishes requests queued in the shared limiter when Redis goes away, each sent once", async () => {
    const app = instance();
    await until(() => app.state.redis!.connection.up);
    const client = await app.auth(1);
    // Writes are spaced a second apart: most of these wait in the shared queue.
    const writes = Array.from({ length: 5 }, (_, i) =>
      client.issues.createComment({ ...repo, issue_number: i + 1, body: `comment ${i}` }),
    );
    await until(() => platform.comments().length >= 1, 5000);
    await redis.stop();
    const settled = await Promise.race([
      Promise.allSettled(writes),
      new Promise((resolve) => setTimeout(() => resolve("hung"), 20_000)),
    ]);
    expect(settled).to.not.equal("hung");
    expect((settled as PromiseSettledResult<unknown>[]).every((result) => result.status === "fulfilled")).to.equal(
      true,
    );
    expect(
      platform
        .comments()
        .map((comment) => comment.issue_number)
        .sort(),
    ).to.deep.equal([1, 2, 3, 4, 5]);
  });

  it("falls back at once when Redis stops answering with its sockets open, and logs it once", async () => {
    const logs = createLogCapture();
    const app = instance(logs);
    await until(() => app.state.redis!.connection.up);
    const client = await app.auth(1);
    await client.repos.get(repo);
    redis.freeze();
    const start = Date.now();
    await Promise.all(Array.from({ length: 10 }, () => client.repos.get(repo)));
    // One command timeout (1 s) at most, not one per request.
    expect(Date.now() - start).to.be.below(4000);
    expect(logs.records().filter((record) => /unreachable/.test(String(record.msg)))).to.have.length(1);
    redis.thaw();
    await until(() => app.state.redis!.connection.up, 5000);
    expect(logs.text()).to.match(/is back; sharing resumes/);
  });

  it("lets another instance run a delivery whose claiming process died, once the lease expires", async () => {
    const script = `
      import { RedisConnection } from "${new URL("../../dist/src/redis/redis-connection.js", import.meta.url).href}";
      import { createDeliveryClaims } from "${new URL("../../dist/src/redis/delivery-claims.js", import.meta.url).href}";
      const connection = new RedisConnection({ config: "${redis.url}", log: { info() {}, warn() {} } });
      await connection.whenUp(5000);
      const claim = await createDeliveryClaims({ connection, appId: 1, leaseMs: 300 }).claim("orphan");
      console.log(claim.status);
      process.exit(0); // dies while "running": never releases, never renews
    `;
    expect(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }).trim()).to.equal(
      "claimed",
    );
    const connection = new RedisConnection({ config: redis.url, log: quiet });
    try {
      await connection.whenUp(5000);
      const claims = createDeliveryClaims({ connection, appId: 1, leaseMs: 300 });
      expect((await claims.claim("orphan")).status).to.equal("running");
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await claims.claim("orphan")).status).to.equal("claimed");
    } finally {
      await connection.close();
    }
  });

  const prefixes: ReadonlyArray<[label: string, config: (url: string) => App["state"]["redisConfig"]]> = [
    [
      "the ioredis option keyPrefix",
      (url) => ({ host: "127.0.0.1", port: Number(new URL(url).port), keyPrefix: "bot-a:" }),
    ],
    ["?keyPrefix= in the URL", (url) => `${url}?keyPrefix=bot-a:`],
  ];
  for (const [label, config] of prefixes) {
    it(`puts every key under the prefix set with ${label}, applied once`, async () => {
      const app = instance(createLogCapture(), config(redis.url));
      await until(() => app.state.redis!.connection.up);
      await (await app.auth(1)).repos.get(repo);
      const claim = await app.state.redis!.deliveries.claim("d-1");
      if (claim.status === "claimed") await claim.release("done");
      const keys = await redis.keys();
      const scope = `${new URL(platform.url).host}:1`; // the platform, then the app id
      expect(keys).to.include.members([`bot-a:token:${scope}:1`, `bot-a:delivery:${scope}:d-1`]);
      expect(keys.filter((key) => !key.includes("bot-a:"))).to.deep.equal([]);
      expect(keys.filter((key) => key.includes("bot-a:bot-a:"))).to.deep.equal([]);
    });
  }
});
