import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import type { Redis } from "ioredis";
import type { App } from "../../src/app.js";
import { createApp } from "../../src/create-app.js";
import { getLog } from "../../src/log/get-log.js";
import { openFailedDeliveries } from "../../src/queue/failed-deliveries.js";
import { startDeliveryWorker } from "../../src/queue/start-delivery-worker.js";
import { createNodeMiddleware } from "../../src/server/create-node-middleware.js";
import { createLogCapture } from "../helpers/capture-log.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { FastClient } from "../helpers/test-app.js";
import { eventually } from "../queue/queue-helpers.js";
import {
  deliverFor,
  expectOnlyOwnCredentials,
  registrationsOf,
  startTwoPlatforms,
  type Registered,
} from "./helpers.js";

describe("several registrations in queue mode: one worker serves both", function () {
  this.timeout(60_000);
  let redis: RedisServer;
  let client: Redis;
  let prod: Registered;
  let ghes: Registered;
  const cleanups: Array<() => Promise<unknown>> = [];

  before(async () => {
    [redis, [prod, ghes]] = await Promise.all([startRedisServer(), startTwoPlatforms()]);
    const { Redis } = await import("ioredis");
    client = new Redis(redis.url);
  });
  after(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    client?.disconnect();
    await Promise.all([redis?.stop(), prod?.platform.close(), ghes?.platform.close()]);
  });

  /** An App serving both registrations, sharing through the test's Redis. */
  function twoRegistrationApp(): App {
    const app = createApp({
      env: {},
      overrides: {
        registrations: registrationsOf([prod, ghes]),
        redisConfig: redis.url,
        Client: FastClient,
        log: getLog({
          level: "info",
          logFormat: "json",
          destination: process.env.REGS_DEBUG ? process.stderr : createLogCapture().stream,
        }),
      },
    });
    cleanups.push(() => app.close());
    app.on("issues.opened", async (context) => {
      if (context.payload.issue.number === 999) throw new Error(`issue 999 of ${context.registration?.name} fails`);
      await context.client.issues.createComment(context.issue({ body: `from ${context.registration?.name}` }));
    });
    return app;
  }

  it("lists a failed delivery of the second registration, and retries it by its id", async () => {
    const web = twoRegistrationApp();
    const middleware = createNodeMiddleware(() => undefined, { app: web, queue: "redis", deliveryAttempts: 1 });
    const server: Server = createServer((request, response) => void middleware(request, response));
    cleanups.push(
      () => middleware.close(),
      () => new Promise((resolve) => server.close(resolve)),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await web.state.redis!.connection.whenUp(5000);
    expect(
      (await deliverFor(url, { id: "fails-on-ghes", targetId: 22, secret: ghes.secret, issue: 999 })).status,
    ).to.equal(202);
    const worker = await startDeliveryWorker({ app: twoRegistrationApp(), concurrency: 1 });
    // The queue is the first registration's: `app deliveries` reads it with that one's app id and platform.
    const failed = await openFailedDeliveries({ redisConfig: redis.url, appId: 11, baseUrl: prod.platform.url });
    cleanups.push(() => failed.close());
    try {
      await eventually(async () => (await failed.list()).length === 1);
      expect((await failed.list())[0]).to.include({ id: "fails-on-ghes", event: "issues.opened" });
      expect((await failed.list())[0]!.error).to.include("issue 999 of ghes fails");
      expect(await failed.retry(["fails-on-ghes"])).to.deep.equal({ retried: ["fails-on-ghes"], missing: [] });
    } finally {
      await worker.close({ graceMs: 1000 });
    }
  });

  it("queues each registration's deliveries with its registration (no secret), and one worker runs each with its own client", async () => {
    const web = twoRegistrationApp();
    const middleware = createNodeMiddleware(() => undefined, { app: web, queue: "redis" });
    const server: Server = createServer((request, response) => void middleware(request, response));
    cleanups.push(
      () => middleware.close(),
      () => new Promise((resolve) => server.close(resolve)),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await web.state.redis!.connection.whenUp(5000);

    expect(await deliverFor(url, { id: "queued-prod", targetId: 11, secret: prod.secret, issue: 1 })).to.deep.equal({
      status: 202,
      body: { queued: "queued-prod" },
    });
    expect(await deliverFor(url, { id: "queued-ghes", targetId: 22, secret: ghes.secret, issue: 2 })).to.deep.equal({
      status: 202,
      body: { queued: "queued-ghes" },
    });
    expect((await deliverFor(url, { id: "queued-ghes", targetId: 22, secret: ghes.secret, issue: 2 })).status).to.equal(
      200,
    );
    expect((await deliverFor(url, { id: "crossed", targetId: 22, secret: prod.secret })).status).to.equal(400);
    expect((await deliverFor(url, { id: "stranger", targetId: 99, secret: prod.secret })).status).to.equal(400);

    // What Redis holds names the registration, never its secret or key.
    const stored = (await client.keys("*")).filter((key) => key.includes(":bull:"));
    for (const key of stored) {
      const text = JSON.stringify(await client.hgetall(key).catch(() => ({})));
      for (const secret of [prod.secret, ghes.secret, prod.keys.privateKeyPkcs1.slice(40, 80)])
        expect(text).not.to.include(secret);
    }
    const jobs = await Promise.all(
      stored.filter((key) => /queued-(prod|ghes)$/.test(key)).map((key) => client.hget(key, "data")),
    );
    expect(jobs.map((data) => JSON.parse(data!).registration)).to.have.deep.members([
      { appId: 11, baseUrl: prod.platform.url },
      { appId: 22, baseUrl: ghes.platform.url },
    ]);

    const worker = await startDeliveryWorker({ app: twoRegistrationApp(), concurrency: 2 });
    try {
      await eventually(async () => prod.platform.comments().length + ghes.platform.comments().length >= 2);
    } finally {
      await worker.close({ graceMs: 1000 });
    }
    expect(prod.platform.comments().map((comment) => comment.issue_number)).to.deep.equal([1]);
    expect(ghes.platform.comments().map((comment) => comment.issue_number)).to.deep.equal([2]);
    expectOnlyOwnCredentials(prod.platform, ghes.platform, 11);
    expectOnlyOwnCredentials(ghes.platform, prod.platform, 22);
    // Tokens are shared per registration: one key per platform and app id.
    const tokenKeys = (await client.keys("*token:*")).sort();
    expect(tokenKeys).to.have.length(2);
    expect(tokenKeys.some((key) => key.endsWith(":11:1"))).to.equal(true);
    expect(tokenKeys.some((key) => key.endsWith(":22:1"))).to.equal(true);
  });
});
