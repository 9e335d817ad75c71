import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { expect } from "chai";
import type { Redis } from "ioredis";
import { App, type AppPlugin } from "../../src/app.js";
import { isAppError } from "../../src/errors.js";
import { getLog } from "../../src/log/get-log.js";
import { deliveryQueue } from "../../src/queue/queue-sharing.js";
import { startDeliveryWorker } from "../../src/queue/start-delivery-worker.js";
import { redisSharing } from "../../src/redis/create-redis-sharing.js";
import { createNodeMiddleware } from "../../src/server/create-node-middleware.js";
import { createWebHandler } from "../../src/server/create-web-handler.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { getTestKeys } from "../helpers/keys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { deliver, eventually } from "./queue-helpers.js";

/** App 1 with the test secret, sharing through `redisConfig` (none: no Redis); records the deliveries its handlers run. */
function queueApp(
  redisConfig: string | undefined,
  plugins: AppPlugin[] = [redisSharing, deliveryQueue],
): { app: App; ran: string[] } {
  const app = new App({
    appId: 1,
    privateKey: getTestKeys().privateKeyPkcs1,
    secret: TEST_SECRET,
    baseUrl: "http://127.0.0.1:9",
    redisConfig,
    plugins,
    log: getLog({ level: "info", logFormat: "json", destination: createLogCapture().stream }),
  });
  const ran: string[] = [];
  app.on("issues.opened", (context) => void ran.push(context.id));
  return { app, ran };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('queue mode in createNodeMiddleware and createWebHandler (queue: "redis")', function () {
  this.timeout(60_000);
  let redis: RedisServer;
  let client: Redis;
  const cleanups: Array<() => Promise<unknown>> = [];

  before(async () => {
    redis = await startRedisServer();
    const { Redis } = await import("ioredis");
    client = new Redis(redis.url);
    client.on("error", () => undefined); // while a test stops Redis
  });
  afterEach(async () => {
    await redis.start(); // a worker's close waits for its Redis
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    await redis.flush();
  });
  after(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  it("createNodeMiddleware stores deliveries for a worker (202, then 200 for the same id), runs nothing itself, and answers 503 without Redis", async () => {
    const web = queueApp(redis.url);
    const middleware = createNodeMiddleware(() => undefined, { app: web.app, queue: "redis" });
    const server = createServer((request, response) => void middleware(request, response));
    cleanups.push(
      () => web.app.close(),
      () => middleware.close(),
      () => new Promise((resolve) => server.close(resolve)),
    );
    const url = await listen(server);
    await web.app.state.redis!.connection.whenUp(5000);

    expect(await deliver(url, "middleware-1")).to.deep.equal({ status: 202, body: { queued: "middleware-1" } });
    expect(await deliver(url, "middleware-1")).to.deep.equal({ status: 200, body: { duplicate: "middleware-1" } });
    expect(await client.exists("gh-app-kit:bull:deliveries-127.0.0.1_9_1:middleware-1")).to.equal(1);

    // A worker elsewhere (another App on the same Redis) runs it, once.
    const worker = queueApp(redis.url);
    cleanups.push(() => worker.app.close());
    const running = await startDeliveryWorker({ app: worker.app, concurrency: 2 });
    try {
      await eventually(async () => worker.ran.length === 1);
    } finally {
      await running.close({ graceMs: 0 });
    }
    expect(worker.ran).to.deep.equal(["middleware-1"]);
    expect(web.ran).to.deep.equal([]);

    await redis.stop();
    const refused = await deliver(url, "middleware-2");
    expect(refused.status).to.equal(503);
    expect(refused.body)
      .to.have.property("error")
      .that.matches(/not stored/);
  });

  it("createWebHandler stores deliveries for a worker (202, then 200 for the same id) and runs nothing itself", async () => {
    const web = queueApp(redis.url);
    const handler = createWebHandler(web.app, { queue: "redis" });
    const server = createServer(getRequestListener(handler));
    cleanups.push(
      () => web.app.close(),
      () => handler.close(),
      () => new Promise((resolve) => server.close(resolve)),
    );
    const url = await listen(server);
    await web.app.state.redis!.connection.whenUp(5000);

    expect(await deliver(url, "web-handler-1")).to.deep.equal({ status: 202, body: { queued: "web-handler-1" } });
    expect(await deliver(url, "web-handler-1")).to.deep.equal({ status: 200, body: { duplicate: "web-handler-1" } });
    const stored = await client.hget("gh-app-kit:bull:deliveries-127.0.0.1_9_1:web-handler-1", "data");
    expect(JSON.parse(stored!)).to.include({
      id: "web-handler-1",
      name: "issues",
      body: JSON.stringify(issuesOpenedPayload(1)),
    });
    expect(web.ran).to.deep.equal([]);
  });

  it('refuses queue: "redis" without Redis, and a queue other than redis, at construction', () => {
    const { app } = queueApp(undefined);
    const refusal = (make: () => unknown): unknown => {
      try {
        make();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const noRedis = refusal(() => createNodeMiddleware(() => undefined, { app, queue: "redis" }));
    expect(isAppError(noRedis) && noRedis.code).to.equal("OPTION_INVALID");
    expect((noRedis as Error).message).to.match(/REDIS_URL/);
    const other = refusal(() => createWebHandler(app, { queue: "sqs" as "redis" }));
    expect(isAppError(other) && other.code).to.equal("OPTION_INVALID");
    expect((other as Error).message).to.match(/"redis", got "sqs"/);
  });

  it('refuses queue: "redis" for an App with Redis sharing but no queue plugin, saying how to get one', async () => {
    const { app } = queueApp(redis.url, [redisSharing]);
    try {
      expect(() => createNodeMiddleware(() => undefined, { app, queue: "redis" }))
        .to.throw(/no plugin of the app opens a queue/)
        .with.property("hint")
        .that.matches(/createApp\(\)/);
    } finally {
      await app.close();
    }
  });
});
