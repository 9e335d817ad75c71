import { expect } from "chai";
import type { Redis } from "ioredis";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { startRedisServer, type RedisServer } from "../helpers/redis-server.js";
import { runToExit, spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { deliver, eventually, queueEnv, RECORDER } from "../queue/queue-helpers.js";

describe("app run --redeliver-every (with Redis and queue mode)", function () {
  this.timeout(90_000);
  let redis: RedisServer;
  let platform: FakePlatform;
  let client: Redis;
  const children: SpawnedApp[] = [];

  before(async () => {
    redis = await startRedisServer();
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
    const { Redis } = await import("ioredis");
    client = new Redis(redis.url);
  });
  after(async () => {
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map((child) => child.exit));
    client?.disconnect();
    await platform?.close();
    await redis?.stop();
  });

  it("sweeps once across instances, and a redelivered delivery that had arrived is not handled again", async () => {
    const receiver = await spawnApp({ args: [RECORDER], env: queueEnv(redis.url) });
    children.push(receiver);
    // Arrived and handled, though the platform recorded a failure (say, a timeout on its side).
    expect((await deliver(receiver.url, "arrived-guid")).status).to.equal(202);
    await eventually(async () => (await client.lrange("record:done", 0, -1)).includes("arrived-guid"));

    const now = new Date().toISOString();
    const guids = new Map([
      [11, "arrived-guid"],
      [12, "missed-guid"],
    ]);
    platform.setHookDeliveries([
      {
        id: 11,
        guid: "arrived-guid",
        delivered_at: now,
        redelivery: false,
        status: "Timed out",
        status_code: 0,
        event: "issues",
        action: "opened",
      },
      {
        id: 12,
        guid: "missed-guid",
        delivered_at: now,
        redelivery: false,
        status: "Bad gateway",
        status_code: 502,
        event: "issues",
        action: "opened",
      },
    ]);
    const answers = new Map<string, Promise<{ status: number; body: unknown }>>();
    platform.on("POST", "/app/hook/deliveries/:delivery_id/attempts", ({ params }) => {
      const guid = guids.get(Number(params["delivery_id"]))!;
      // The platform sends the delivery again, with the same guid.
      answers.set(guid, deliver(receiver.url, guid));
      return { status: 202, body: {} };
    });

    const env = queueEnv(redis.url, { REDELIVER_EVERY: "1h" });
    children.push(
      ...(await Promise.all(
        [0, 1].map(() => spawnApp({ args: [RECORDER, "--no-worker", "--base-url", platform.url], env })),
      )),
    );
    await eventually(async () => answers.size === 2);
    expect(await answers.get("arrived-guid")).to.deep.equal({ status: 200, body: { duplicate: "arrived-guid" } });
    expect(await answers.get("missed-guid")).to.deep.equal({ status: 202, body: { queued: "missed-guid" } });
    await eventually(async () => (await client.lrange("record:done", 0, -1)).includes("missed-guid"));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await client.lrange("record:done", 0, -1)).to.deep.equal(["arrived-guid", "missed-guid"]);
    // Two instances started the sweep; one ran it.
    expect(
      platform
        .callsTo("POST", "/app/hook/deliveries/:delivery_id/attempts")
        .map((call) => call.path)
        .sort(),
    ).to.deep.equal(["/app/hook/deliveries/11/attempts", "/app/hook/deliveries/12/attempts"]);
  });
  it("exits 2 for a period longer than the 3 days the platform keeps deliveries, before sweeping anything", async () => {
    platform.reset();
    for (const [args, extra] of [
      [["--redeliver-every", "30d"], {}],
      [[], { REDELIVER_EVERY: "4d" }],
    ] as const) {
      const result = await runToExit({
        args: [RECORDER, "--base-url", platform.url, ...args],
        env: queueEnv(redis.url, extra),
        timeoutMs: 15_000,
      });
      expect(result.code, result.stdout + result.stderr).to.equal(2);
      expect(result.stderr).to.match(/REDELIVER_EVERY \(--redeliver-every\) must be at most 3d/);
      expect(result.stderr).not.to.match(/TimeoutOverflowWarning|\n\s+at /);
    }
    expect(platform.callsTo("GET", "/app/hook/deliveries")).to.deep.equal([]);
  });
});
