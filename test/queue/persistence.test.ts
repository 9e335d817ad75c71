import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { startFakePlatform, type FakePlatform } from "../helpers/fake-platform.js";
import { getTestKeys } from "../helpers/keys.js";
import { startRedisServer, type RedisServer, type RedisServerOptions } from "../helpers/redis-server.js";
import { runToExit, spawnApp, type SpawnedApp } from "../helpers/spawn-app.js";
import { queueEnv, RECORDER } from "./queue-helpers.js";

const BUILT = fileURLToPath(new URL("../../dist/commands/worker.js", import.meta.url));
const LOSES = /a restart loses/;
const KEEPS = /queued deliveries survive a restart/;
// The whole line: a pipe may hand over the first half of it alone, as a loaded machine showed.
const SAID = new RegExp(`(${LOSES.source}|${KEEPS.source}).*\n`);

describe("queue mode: Redis persistence is checked at start and by app doctor", function () {
  this.timeout(60_000);
  let platform: FakePlatform;
  const servers: RedisServer[] = [];
  const children: SpawnedApp[] = [];
  const redisWith = async (options: RedisServerOptions) => {
    const server = await startRedisServer(options);
    servers.push(server);
    return server;
  };

  before(async () => {
    if (!existsSync(BUILT)) throw new Error("Build first: npm run build (npm test does it in pretest).");
    platform = await startFakePlatform({ publicKey: getTestKeys().publicKey });
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill("SIGKILL");
      await child.exit;
    }
    for (const server of servers.splice(0)) await server.stop();
  });
  after(() => platform.close());

  /** What the process says about persistence once Redis answers. */
  async function startLine(command: "run" | "worker", options: RedisServerOptions): Promise<string> {
    const redis = await redisWith(options);
    const child = await spawnApp({
      command,
      args: [RECORDER],
      env: queueEnv(redis.url),
      ...(command === "worker" ? { readyPattern: /worker started/ } : {}),
    });
    children.push(child);
    await child.waitForOutput(SAID, 10_000);
    return child.stdout() + child.stderr();
  }

  for (const command of ["run", "worker"] as const) {
    const name = command === "run" ? "app run --queue redis" : "app worker";
    it(`${name} warns that a restart loses acknowledged deliveries when Redis has neither AOF nor snapshots`, async () => {
      const output = await startLine(command, {});
      expect(output).to.match(/WARN.*a restart loses every queued delivery/);
      expect(output).to.include("appendonly yes");
      expect(output).not.to.match(KEEPS);
    });

    it(`${name} says nothing alarming when Redis logs every write (appendonly yes)`, async () => {
      const output = await startLine(command, { appendonly: true });
      expect(output).to.match(KEEPS);
      expect(output).not.to.match(LOSES);
    });
  }

  it("reads INFO persistence when CONFIG is disabled, as on managed Redis", async () => {
    expect(await startLine("worker", { noConfigCommand: true })).to.match(LOSES);
    expect(await startLine("worker", { noConfigCommand: true, appendonly: true })).to.match(KEEPS);
  });

  async function doctor(redis: RedisServer, extra: Record<string, string>) {
    const env = {
      APP_ID: "1",
      PRIVATE_KEY: getTestKeys().privateKeyPkcs1,
      WEBHOOK_SECRET: "a-webhook-secret-of-some-length",
      REDIS_URL: redis.url,
      ...extra,
    };
    const result = await runToExit({ command: "doctor", args: ["--json", "--base-url", platform.url], env });
    const report = JSON.parse(result.stdout) as {
      checks: Array<{ id: string; status: string; message: string; fix?: string }>;
    };
    return report.checks.find((check) => check.id === "persistence");
  }

  it("app doctor warns, with what to do, when queue mode runs on a Redis without AOF", async () => {
    const check = await doctor(await redisWith({}), { DELIVERY_QUEUE: "redis" });
    expect(check?.status).to.equal("warn");
    expect(check?.message).to.match(LOSES);
    expect(check?.fix).to.include("appendonly yes");
  });

  it("app doctor is content with AOF, and only notes the lack of it without queue mode", async () => {
    const aof = await doctor(await redisWith({ appendonly: true }), { DELIVERY_QUEUE: "redis" });
    expect(aof?.status).to.equal("ok");
    expect(aof?.message).to.match(KEEPS);
    const sharingOnly = await doctor(await redisWith({}), {});
    expect(sharingOnly?.status).to.equal("ok");
    expect(sharingOnly?.message).to.match(/queue mode/);
  });
});
