import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import { App } from "../../src/app.js";
import type { DeliverOptions } from "../../src/delivery/delivery-door.js";
import { getLog } from "../../src/log/get-log.js";
import { deliveryQueue } from "../../src/queue/queue-sharing.js";
import { startDeliveryWorker } from "../../src/queue/start-delivery-worker.js";
import { redisSharing } from "../../src/redis/create-redis-sharing.js";
import { createNodeMiddleware } from "../../src/server/create-node-middleware.js";
import { createServer } from "../../src/server/create-server.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { getTestKeys } from "../helpers/keys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";
import { deliver, eventually } from "../queue/queue-helpers.js";

/** What the door saw of one delivery, and what its host counted in flight while the handler ran. */
type Passage = { id: string; name: string; options: DeliverOptions | undefined; outcome?: string; hostCount?: number };

/**
 * App 1 on the test Redis. Its `deliver` is watched, not replaced: each call
 * goes on to the real door, and what it resolves is noted. The handler waits
 * for `release()`, so the host's in-flight count can be read meanwhile.
 */
function watchedApp(redisUrl: string) {
  const app = new App({
    appId: 1,
    privateKey: getTestKeys().privateKeyPkcs1,
    secret: TEST_SECRET,
    baseUrl: "http://127.0.0.1:9",
    redisConfig: redisUrl,
    plugins: [redisSharing, deliveryQueue],
    log: getLog({ level: "info", logFormat: "json", destination: createLogCapture().stream }),
  });
  const passages: Passage[] = [];
  const door = app.deliver.bind(app);
  app.deliver = (delivery, options) => {
    const passage: Passage = { id: delivery.id, name: delivery.name, options };
    passages.push(passage);
    return door(delivery, options).then((outcome) => Object.assign(passage, { outcome }).outcome);
  };
  let running = 0;
  let release!: () => void;
  let gate = new Promise<void>((resolve) => (release = resolve));
  app.on("issues.opened", async () => {
    running++;
    await gate;
    running--;
  });
  /** Once the handler waits: `count()` (the host's in-flight count) is noted on the last passage, then it goes on. */
  const letThrough = async (count: () => number) => {
    await eventually(async () => running === 1, { timeoutMs: 10_000 });
    passages.at(-1)!.hostCount = count();
    const open = release;
    gate = new Promise<void>((resolve) => (release = resolve));
    open();
  };
  return { app, passages, letThrough };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("one door into the handlers (App.deliver)", function () {
  this.timeout(60_000);
  let redis: RedisServer;
  const cleanups: Array<() => Promise<unknown>> = [];

  before(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    await redis.flush();
  });
  after(async () => {
    await redis?.stop();
  });

  it("the server, App.receive and the queue's worker each go through it, with their in-flight count and its outcome", async () => {
    const { app, passages, letThrough } = watchedApp(redis.url);
    cleanups.push(() => app.close());
    await app.state.redis!.connection.whenUp(5000);

    // The server: once across instances, counted in flight while it runs; the same id again is a duplicate.
    const server = createServer({ app, port: 0, host: "127.0.0.1" });
    cleanups.push(() => server.stop({ graceMs: 1000 }));
    const { url } = await server.start();
    const answered = deliver(url, "door-server");
    await letThrough(() => server.inFlight());
    expect(await answered).to.deep.equal({ status: 200, body: "ok" });
    expect(await deliver(url, "door-server")).to.deep.include({ status: 200 });
    expect(server.inFlight()).to.equal(0);

    // App.receive (apps' tests): the same door, the action split from the name, nothing counted.
    const received = app.receive({ id: "door-receive", name: "issues.opened", payload: issuesOpenedPayload(1) });
    await letThrough(() => 0);
    expect(await received).to.equal(undefined);

    // The worker: a queue-mode web instance stores it, the worker runs it through the door, rate limits left to the queue.
    const web = new App({
      appId: 1,
      secret: TEST_SECRET,
      baseUrl: "http://127.0.0.1:9",
      redisConfig: redis.url,
      plugins: [redisSharing, deliveryQueue],
      log: getLog({ level: "info", logFormat: "json", destination: createLogCapture().stream }),
    });
    const middleware = createNodeMiddleware(() => undefined, { app: web, queue: "redis" });
    const webServer = createHttpServer((request, response) => void middleware(request, response));
    cleanups.push(
      () => web.close(),
      () => middleware.close(),
      () => new Promise((resolve) => webServer.close(resolve)),
    );
    const webUrl = await listen(webServer);
    await web.state.redis!.connection.whenUp(5000);
    expect(await deliver(webUrl, "door-worker")).to.deep.equal({ status: 202, body: { queued: "door-worker" } });
    const worker = await startDeliveryWorker({ app, concurrency: 2 });
    cleanups.push(() => worker.close({ graceMs: 0 }));
    await letThrough(() => worker.running());
    await eventually(async () => passages.at(-1)?.outcome !== undefined && worker.running() === 0);

    const seen = passages.map(({ id, name, options, outcome, hostCount }) => ({
      id,
      name,
      once: options?.once ?? false,
      tracked: options?.inFlight !== undefined,
      rateLimits: options?.rateLimits ?? "wait",
      outcome,
      hostCount,
    }));
    expect(seen).to.deep.equal([
      {
        id: "door-server",
        name: "issues",
        once: true,
        tracked: true,
        rateLimits: "wait",
        outcome: "handled",
        hostCount: 1,
      },
      {
        id: "door-server",
        name: "issues",
        once: true,
        tracked: true,
        rateLimits: "wait",
        outcome: "duplicate",
        hostCount: undefined,
      },
      {
        id: "door-receive",
        name: "issues",
        once: false,
        tracked: false,
        rateLimits: "wait",
        outcome: "handled",
        hostCount: 0,
      },
      {
        id: "door-worker",
        name: "issues",
        once: false,
        tracked: true,
        rateLimits: "defer",
        outcome: "handled",
        hostCount: 1,
      },
    ]);
  });

  it("resolves the claim's outcome with or without an in-flight count: handled, then duplicate", async () => {
    const { app, letThrough } = watchedApp(redis.url);
    cleanups.push(() => app.close());
    await app.state.redis!.connection.whenUp(5000);
    const delivery = { id: "door-once", name: "issues", payload: issuesOpenedPayload(1) };
    const first = app.deliver(delivery, { once: true });
    await letThrough(() => 0);
    expect(await first).to.equal("handled");
    expect(await app.deliver(delivery, { once: true })).to.equal("duplicate");
  });

  it("app.webhooks.receive and verifyAndReceive go through it too", async () => {
    const { app, passages, letThrough } = watchedApp(redis.url);
    cleanups.push(() => app.close());
    const payload = issuesOpenedPayload(1);
    const viaReceive = app.webhooks.receive({ id: "door-webhooks", name: "issues", payload } as never);
    await letThrough(() => 0);
    expect(await viaReceive).to.equal(undefined);
    const body = JSON.stringify(payload);
    const signature = await app.webhooks.sign(body);
    const viaVerify = app.webhooks.verifyAndReceive({ id: "door-verified", name: "issues", payload: body, signature });
    await letThrough(() => 0);
    expect(await viaVerify).to.equal(undefined);
    expect(passages.map(({ id, outcome }) => ({ id, outcome }))).to.deep.equal([
      { id: "door-webhooks", outcome: "handled" },
      { id: "door-verified", outcome: "handled" },
    ]);
  });
});
