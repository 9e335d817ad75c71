import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { secondaryRateLimitResponse, startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { sign } from "../helpers/sign.js";
import { spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { issuesOpenedPayload, TEST_SECRET } from "../helpers/test-app.js";

const APP = fileURLToPath(new URL("../fixtures/apps/get-repo.js", import.meta.url));
const COMMENTER = fileURLToPath(new URL("../fixtures/apps/comment-on-request.js", import.meta.url));
const BUILT = fileURLToPath(new URL("../../dist/commands/run.js", import.meta.url));

async function deliver(url: string, id: string, installation = 1, title?: string): Promise<number> {
  const payload = issuesOpenedPayload(installation);
  if (title) (payload.issue as { title: string }).title = title;
  const body = JSON.stringify(payload);
  const response = await fetch(`${url}/api/github/webhooks`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-github-event": "issues",
      "x-github-delivery": id,
      "x-hub-signature-256": sign(TEST_SECRET, body),
    },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

describe("three app run instances sharing one Redis", function () {
  this.timeout(120_000);
  let redis: RedisServer;
  let platform: FakePlatform;
  let instances: SpawnedApp[];
  const arrivals: Array<{ at: number; delivery: string; status: number }> = [];
  const reads = (delivery: string) =>
    platform.callsTo("GET", "/repos/:owner/:repo").filter((call) => call.headers["x-github-delivery"] === delivery);
  const exchangesFor = (installation: number) =>
    platform.tokenExchanges().filter((call) => call.path === `/app/installations/${installation}/access_tokens`);

  before(async () => {
    if (!existsSync(BUILT)) throw new Error("Build first: npx tsc -p tsconfig.json (npm test does it in pretest).");
    redis = await startRedisServer();
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey, installations: [1, 2, 3] });
    const failures: Array<ReturnType<typeof secondaryRateLimitResponse>> = [];
    platform.on("GET", "/repos/:owner/:repo", ({ params, headers }) => {
      const delivery = String(headers["x-github-delivery"]);
      const failure = failures.shift();
      arrivals.push({ at: Date.now(), delivery, status: failure?.status ?? 200 });
      if (failure) return failure;
      return {
        status: 200,
        body: {
          name: params["repo"],
          full_name: `${params["owner"]}/${params["repo"]}`,
          owner: { login: params["owner"] },
        },
      };
    });
    Object.assign(platform, {
      failNextRead: (response: ReturnType<typeof secondaryRateLimitResponse>) => failures.push(response),
    });
    const env = {
      APP_ID: "1",
      PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
      WEBHOOK_SECRET: TEST_SECRET,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      REDIS_URL: redis.url,
    };
    instances = await Promise.all(
      [0, 1, 2].map(() => spawnApp({ args: [APP, COMMENTER, "--base-url", platform.url], env })),
    );
    // `app run` waits (briefly) for Redis before it listens, and says so.
    for (const instance of instances)
      expect(instance.stdout()).to.match(
        /Sharing tokens, rate limits and deliveries through Redis at redis:\/\/127\.0\.0\.1:\d+\./,
      );
  });
  after(async () => {
    for (const instance of instances ?? []) instance.kill("SIGKILL");
    await Promise.all((instances ?? []).map((instance) => instance.exit));
    await platform?.close();
    await redis?.stop();
  });

  it("make one token exchange for 30 deliveries of one installation spread over them", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => deliver(instances[i % 3]!.url, `spread-${i}`, 1)),
    );
    expect(statuses.every((status) => status === 200)).to.equal(true);
    expect(exchangesFor(1)).to.have.length(1);
    for (let i = 0; i < 30; i++) expect(reads(`spread-${i}`), `spread-${i}`).to.have.length(1);
  });

  it("space their writes a second apart together, as one client would (Bottleneck clustering)", async () => {
    const written: number[] = [];
    platform.on("POST", "/repos/:owner/:repo/issues/:issue_number/comments", () => {
      written.push(Date.now());
      return { status: 201, body: { id: written.length } };
    });
    const statuses = await Promise.all(
      instances.map((instance, i) => deliver(instance.url, `write-${i}`, 1, "please comment")),
    );
    expect(statuses).to.deep.equal([200, 200, 200]);
    expect(written).to.have.length(3);
    written.sort((a, b) => a - b);
    for (let i = 1; i < written.length; i++) expect(written[i]! - written[i - 1]!, `gap ${i}`).to.be.at.least(900);
  });

  it("run a delivery sent to two instances once", async () => {
    const statuses = await Promise.all([
      deliver(instances[0]!.url, "twice", 1),
      deliver(instances[1]!.url, "twice", 1),
    ]);
    await deliver(instances[2]!.url, "twice", 1);
    expect(statuses.sort()).to.satisfy((list: number[]) => list[0] === 200 && [200, 202].includes(list[1]!));
    expect(reads("twice")).to.have.length(1);
  });

  it("all wait when one instance meets a secondary rate limit", async () => {
    (platform as unknown as { failNextRead: (r: unknown) => void }).failNextRead(secondaryRateLimitResponse(2));
    const limited = deliver(instances[0]!.url, "limited", 1);
    for (let i = 0; i < 100 && !arrivals.some((arrival) => arrival.delivery === "limited"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const limitedAt = arrivals.find((arrival) => arrival.delivery === "limited")!.at;
    // The instance publishes the pause before it logs the limit; then give the
    // others' subscriptions a moment (a fixed wait from the request alone was too
    // short on a loaded machine, where the 403 itself took longer to be read).
    await instances[0]!.waitForOutput(/Secondary rate limit reached/, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all([deliver(instances[1]!.url, "after-limit-1", 1), deliver(instances[2]!.url, "after-limit-2", 1)]);
    await limited;
    for (const delivery of ["after-limit-1", "after-limit-2"]) {
      const arrival = arrivals.find((entry) => entry.delivery === delivery)!;
      expect(arrival.at - limitedAt, delivery).to.be.at.least(1800);
    }
  });

  it("keep handling deliveries while Redis is down, and share again once it is back", async () => {
    await redis.stop();
    await Promise.all(
      instances.map((instance) => instance.waitForOutput(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unreachable/, 15_000)),
    );
    const during = await Promise.all(
      Array.from({ length: 6 }, (_, i) => deliver(instances[i % 3]!.url, `down-${i}`, 2)),
    );
    expect(during.every((status) => status === 200)).to.equal(true);
    for (let i = 0; i < 6; i++) expect(reads(`down-${i}`)).to.have.length(1);

    await redis.start();
    await Promise.all(instances.map((instance) => instance.waitForOutput(/is back; sharing resumes/, 15_000)));
    const after = await Promise.all(
      Array.from({ length: 9 }, (_, i) => deliver(instances[i % 3]!.url, `back-${i}`, 3)),
    );
    expect(after.every((status) => status === 200)).to.equal(true);
    expect(exchangesFor(3)).to.have.length(1);
    for (const instance of instances) {
      expect(instance.stdout() + instance.stderr()).not.to.include(getTestKeys().privateKeyPkcs1.split("\n")[1]!);
      expect((instance.stdout() + instance.stderr()).match(/is unreachable/g)).to.have.length(1);
    }
  });
});
