import { expect } from "chai";
import type { App } from "../../src/app.js";
import { createServer, type AppServer } from "../../src/server/create-server.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createRedisApp } from "../helpers/redis-app.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { issuesOpenedPayload } from "../helpers/test-app.js";
import { until } from "../helpers/until.js";
import { deliver } from "../server/start-test-server.js";

describe("a duplicate delivery with Redis sharing", function () {
  this.timeout(20_000);
  let redis: RedisServer;
  let platform: FakePlatform;
  const apps: App[] = [];
  const servers: AppServer[] = [];

  before(async () => {
    redis = await startRedisServer();
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.stop({ graceMs: 100 })));
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all([redis.stop(), platform.close()]);
  });

  async function instance(logs = createLogCapture()): Promise<{ url: string; runs: string[]; logs: typeof logs }> {
    const app = createRedisApp(platform, redis.url, logs);
    apps.push(app);
    const runs: string[] = [];
    app.on("issues.opened", (context) => void runs.push(context.id));
    const server = createServer({ app, port: 0, host: "127.0.0.1" });
    servers.push(server);
    const { url } = await server.start();
    await until(() => app.state.redis!.connection.up);
    return { url, runs, logs };
  }

  it("logs a delivery this instance already ran as a duplicate, and one run by another instance as such", async () => {
    const first = await instance();
    const second = await instance();
    const secret = { secret: "s" };
    expect((await deliver(first.url, "issues", issuesOpenedPayload(), { id: "dup-1", ...secret })).status).to.equal(
      200,
    );
    expect((await deliver(first.url, "issues", issuesOpenedPayload(), { id: "dup-1", ...secret })).status).to.equal(
      200,
    );
    expect(first.runs).to.deep.equal(["dup-1"]);
    expect(first.logs.text()).to.include("Delivery dup-1 was already handled by this instance (a duplicate delivery)");
    expect(first.logs.text()).not.to.include("another instance");
    expect((await deliver(second.url, "issues", issuesOpenedPayload(), { id: "dup-1", ...secret })).status).to.equal(
      200,
    );
    expect(second.runs).to.deep.equal([]);
    expect(second.logs.text()).to.include("Delivery dup-1 was already handled by another instance");
  });
});
