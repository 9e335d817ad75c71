import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import type { Redis } from "ioredis";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { runToExit, spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { TEST_SECRET } from "../helpers/test-app.js";
import { deliverFor } from "../registrations/helpers.js";
import { eventually, queueEnv } from "./queue-helpers.js";

const BUILT = fileURLToPath(new URL("../../dist/commands/worker.js", import.meta.url));
const COMMENT_APP = fileURLToPath(new URL("../fixtures/apps/comment.js", import.meta.url));

/** POSTs a signed issues.opened delivery about issue `issue` (no app id header); resolves to the status. */
async function deliver(url: string, id: string, issue: number): Promise<number> {
  return (await deliverFor(url, { id, targetId: undefined, secret: TEST_SECRET, issue })).status;
}

describe("queue mode: two platforms with the same app id on one Redis", function () {
  this.timeout(90_000);
  let redis: RedisServer;
  let client: Redis;
  let platforms: FakePlatform[];
  const children: SpawnedApp[] = [];

  before(async () => {
    if (!existsSync(BUILT)) throw new Error("Build first: npm run build (npm test does it in pretest).");
    redis = await startRedisServer();
    const { Redis } = await import("ioredis");
    client = new Redis(redis.url);
    // Say github.com and an Enterprise server: both know app 1 and its key, each issues its own tokens.
    platforms = await Promise.all([0, 1].map(() => startFakePlatform({ publicKey: getTestKeys().publicKey })));
  });
  after(async () => {
    for (const child of children.splice(0)) {
      child.kill("SIGKILL");
      await child.exit;
    }
    client?.disconnect();
    await Promise.all([...(platforms ?? []).map((platform) => platform.close()), redis?.stop()]);
  });

  it("runs each platform's deliveries with its own token, commenting on that platform only", async () => {
    const webs = await Promise.all(
      platforms.map(async (platform) => {
        const child = await spawnApp({
          args: [COMMENT_APP, "--base-url", platform.url],
          env: queueEnv(redis.url, { DELIVERY_ATTEMPTS: "1" }),
        });
        children.push(child);
        return child;
      }),
    );
    // Issues 100.. on the first platform, 200.. on the second; one GUID is sent to both (two deliveries).
    const sent: number[][] = [[], []];
    for (let i = 0; i < 10; i++) {
      for (const [index, web] of webs.entries()) {
        const issue = (index + 1) * 100 + i;
        const id = i === 0 ? "same-guid-on-both-platforms" : `platform-${index}-delivery-${i}`;
        expect(await deliver(web.url, id, issue), `delivery ${id} to platform ${index}`).to.equal(202);
        sent[index]!.push(issue);
      }
    }
    const received = () => platforms.map((platform) => platform.comments().map((comment) => comment.issue_number));
    await eventually(async () => received().flat().length >= 20, { timeoutMs: 30_000 }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a stray run would show up by now
    expect(received().map((issues) => [...issues].sort())).to.deep.equal(sent.map((issues) => [...issues].sort()));
    // Each platform saw only the tokens it issued.
    for (const [index, platform] of platforms.entries()) {
      const other = platforms[1 - index]!.issuedTokens();
      const used = platform.comments().map((comment) => JSON.stringify(comment.auth));
      for (const token of other) expect(used.join(" ")).not.to.include(token);
    }
    // And app deliveries finds each platform's queue with its --base-url.
    for (const platform of platforms) {
      const listed = await runToExit({
        command: "deliveries",
        args: ["failed", "--json", "--base-url", platform.url],
        env: { REDIS_URL: redis.url, APP_ID: "1" },
      });
      expect(listed.code, listed.stderr).to.equal(0);
      expect(JSON.parse(listed.stdout)).to.deep.equal([]);
    }
    const keys = await client.keys("*");
    for (const platform of platforms) {
      const host = new URL(platform.url).host;
      expect(keys.some((key) => key.startsWith(`gh-app-kit:bull:deliveries-${host.replace(":", "_")}_1:`))).to.equal(
        true,
      );
      expect(keys).to.include(`gh-app-kit:delivery:${host}:1:same-guid-on-both-platforms`);
    }
  });

  it("says whose queue it read when it finds no failed delivery: the app id and the platform", async () => {
    const host = new URL(platforms[1]!.url).host;
    const listed = await runToExit({
      command: "deliveries",
      args: ["failed", "--base-url", platforms[1]!.url],
      env: { REDIS_URL: redis.url, APP_ID: "1" },
    });
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout.trim()).to.equal(`No failed deliveries in the queue of app 1 on ${host}.`);
    // Without an app id: the queue of a token-only app, which an app's deliveries never go to.
    const anonymous = await runToExit({ command: "deliveries", args: ["failed"], env: { REDIS_URL: redis.url } });
    expect(anonymous.code, anonymous.stderr).to.equal(0);
    expect(anonymous.stdout).to.include("No failed deliveries in the queue of a token (no APP_ID) on api.github.com.");
    expect(anonymous.stdout).to.include("--app-id");
  });

  it("warns at start when the queue of an earlier version (named by app id alone) still holds deliveries", async () => {
    await client.lpush("gh-app-kit:bull:deliveries-1:wait", "left-by-an-earlier-version");
    const worker = await spawnApp({
      command: "worker",
      args: [COMMENT_APP, "--base-url", platforms[0]!.url],
      env: queueEnv(redis.url),
      readyPattern: /worker started/,
    });
    children.push(worker);
    await worker.waitForOutput(/the queue of an earlier version/, 10_000);
    expect(worker.stdout()).to.match(
      /WARN.*1 deliveries are still in gh-app-kit:bull:deliveries-1, the queue of an earlier version/,
    );
    // Not taken: it may be another platform's.
    expect(await client.lrange("gh-app-kit:bull:deliveries-1:wait", 0, -1)).to.deep.equal([
      "left-by-an-earlier-version",
    ]);
  });
});
