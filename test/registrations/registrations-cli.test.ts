import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { eventually } from "../queue/queue-helpers.js";
import {
  deliverFor,
  expectOnlyOwnCredentials,
  registrationsOf,
  startTwoPlatforms,
  type Registered,
} from "./helpers.js";

const BUILT = fileURLToPath(new URL("../../dist/node/commands/worker.js", import.meta.url));
const COMMENT_APP = fileURLToPath(new URL("../fixtures/apps/comment.js", import.meta.url));

describe("APP_REGISTRATIONS with app run --queue redis --no-worker and one app worker", function () {
  this.timeout(90_000);
  let redis: RedisServer;
  let prod: Registered;
  let ghes: Registered;
  const children: SpawnedApp[] = [];

  before(async () => {
    if (!existsSync(BUILT)) throw new Error("Build first: npm run build (npm test does it in pretest).");
    [redis, [prod, ghes]] = await Promise.all([startRedisServer(), startTwoPlatforms()]);
  });
  after(async () => {
    for (const child of children.splice(0)) {
      child.kill("SIGKILL");
      await child.exit;
    }
    await Promise.all([redis?.stop(), prod?.platform.close(), ghes?.platform.close()]);
  });

  it("routes each app id's deliveries to its registration, and one worker comments on each platform with its own token", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "registrations-cli-"));
    writeFileSync(join(cwd, "registrations.json"), JSON.stringify(registrationsOf([prod, ghes])));
    const env = {
      APP_REGISTRATIONS: "registrations.json",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      REDIS_URL: redis.url,
      DELIVERY_QUEUE: "redis",
      DELIVERY_LOCK_MS: "2000",
      DELIVERY_BACKOFF_MS: "200",
      NODE_ENV: "production",
    };
    // In production (no setup mode, no development secret): the registrations bring every secret.
    const web = await spawnApp({
      args: [COMMENT_APP, "--no-worker"],
      env,
      cwd,
      readyPattern: /listening on (http:\/\/[^\s"]+)/,
    });
    children.push(web);
    for (let i = 0; i < 3; i++) {
      expect(
        (await deliverFor(web.url, { id: `prod-${i}`, targetId: 11, secret: prod.secret, issue: 100 + i })).status,
      ).to.equal(202);
      expect(
        (await deliverFor(web.url, { id: `ghes-${i}`, targetId: 22, secret: ghes.secret, issue: 200 + i })).status,
      ).to.equal(202);
    }
    expect((await deliverFor(web.url, { id: "crossed", targetId: 11, secret: ghes.secret })).status).to.equal(400);
    expect((await deliverFor(web.url, { id: "stranger", targetId: 33, secret: prod.secret })).status).to.equal(400);

    const worker = await spawnApp({
      command: "worker",
      args: [COMMENT_APP],
      env,
      cwd,
      readyPattern: /worker started|Running queued deliveries/,
    });
    children.push(worker);
    const count = () => prod.platform.comments().length + ghes.platform.comments().length;
    await eventually(async () => count() >= 6, { timeoutMs: 30_000 });
    expect(
      prod.platform
        .comments()
        .map((comment) => comment.issue_number)
        .sort(),
    ).to.deep.equal([100, 101, 102]);
    expect(
      ghes.platform
        .comments()
        .map((comment) => comment.issue_number)
        .sort(),
    ).to.deep.equal([200, 201, 202]);
    expectOnlyOwnCredentials(prod.platform, ghes.platform, 11);
    expectOnlyOwnCredentials(ghes.platform, prod.platform, 22);
    for (const output of [web.stdout() + web.stderr(), worker.stdout() + worker.stderr()]) {
      expect(output).to.include(
        `Serving 2 app registrations: app 11 (\\"prod\\", ${prod.platform.url}), app 22 (\\"ghes\\", ${ghes.platform.url}).`,
      );
      for (const secret of [prod.secret, ghes.secret]) expect(output).not.to.include(secret);
    }
  });
});
