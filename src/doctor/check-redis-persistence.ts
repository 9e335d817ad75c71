import type { RedisOptions } from "ioredis";
import { readPersistence } from "../queue/redis-persistence.js";
import { maskRedisUrl, validateRedisUrl } from "../redis/validate-redis-url.js";
import type { CheckResult, DoctorSetup } from "./types.js";
import { ENV_BINDINGS } from "../options/read-env-options.js";

const ID = "persistence";
const TIMEOUT_MS = 3000;

/**
 * With REDIS_URL set: a warning when queue mode (DELIVERY_QUEUE=redis) runs on
 * a Redis whose restart would lose acknowledged deliveries; without queue mode
 * that loss costs only shared tokens and claims, so the line is ok and says so.
 * Nothing when Redis is not reachable: the redis check says that.
 */
export async function checkRedisPersistence({ options, env }: DoctorSetup): Promise<CheckResult | undefined> {
  const config = options.redisConfig;
  if (!config) return undefined;
  if (typeof config === "string") {
    try {
      validateRedisUrl(config);
    } catch {
      return undefined; // the redis check reports it
    }
  }
  const { Redis } = await import("ioredis");
  const settings = {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    commandTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  };
  const redis =
    typeof config === "string" ? new Redis(config, settings) : new Redis({ ...config, ...settings } as never);
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    const persistence = await readPersistence(redis, describe(config));
    const queueMode = ENV_BINDINGS.deliveryQueue.read(env) === "redis";
    if (persistence.durable) return { id: ID, status: "ok", message: persistence.message };
    if (queueMode) return { id: ID, status: "warn", message: persistence.message, fix: persistence.fix };
    return {
      id: ID,
      status: "ok",
      message: `${persistence.what}: fine for sharing tokens and rate limits; queue mode (DELIVERY_QUEUE=redis) would need AOF, or a restart loses acknowledged deliveries.`,
    };
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}

function describe(config: RedisOptions | string): string {
  if (typeof config === "string") return maskRedisUrl(config);
  return `redis://${config.host ?? "127.0.0.1"}:${config.port ?? 6379}`;
}
