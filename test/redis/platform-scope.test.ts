import { expect } from "chai";
import type { App } from "../../src/app.js";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { createRedisApp } from "../helpers/redis-app.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { until } from "../helpers/until.js";

const repo = { owner: "octo", repo: "hello" };

describe("Redis sharing across two platforms with the same app id", function () {
  this.timeout(20_000);
  let redis: RedisServer;
  let github: FakePlatform;
  let enterprise: FakePlatform;
  let apps: App[];

  before(async () => {
    redis = await startRedisServer();
    // Two platforms (say github.com and an Enterprise server) that know the same app id and key.
    github = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    enterprise = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all([github.close(), enterprise.close(), redis.stop()]);
  });

  it("never sends one platform's installation token to the other, and keys everything by platform", async () => {
    apps = [createRedisApp(github, redis.url), createRedisApp(enterprise, redis.url)];
    await until(() => apps.every((app) => app.state.redis!.connection.up));
    await (await apps[0]!.auth(1)).repos.get(repo);
    await (await apps[1]!.auth(1)).repos.get(repo);
    // Each platform minted its own token: the second instance did not take the first one's from Redis.
    expect(github.tokenExchanges()).to.have.length(1);
    expect(enterprise.tokenExchanges()).to.have.length(1);
    const sentToEnterprise = enterprise
      .callsTo("GET", "/repos/:owner/:repo")
      .map((call) => String(call.headers["authorization"]));
    for (const token of github.issuedTokens()) expect(sentToEnterprise.join(" ")).not.to.include(token);
    for (const app of apps) {
      const claim = await app.state.redis!.deliveries.claim("same-guid");
      expect(claim.status).to.equal("claimed");
      if (claim.status === "claimed") await claim.release("done");
    }
    const keys = await redis.keys();
    for (const platform of [github, enterprise]) {
      const host = new URL(platform.url).host;
      expect(keys).to.include.members([`gh-app-kit:token:${host}:1:1`, `gh-app-kit:delivery:${host}:1:same-guid`]);
    }
  });
});
