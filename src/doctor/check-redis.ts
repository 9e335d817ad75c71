import type { RedisOptions } from "ioredis";
import { isAppError } from "../errors.js";
import { validateRedisUrl } from "../redis/validate-redis-url.js";
import { describeFailure } from "./describe-failure.js";
import type { CheckResult, DoctorSetup } from "./types.js";

const ID = "redis";
const TIMEOUT_MS = 3000;

/** Only host and port are shown, never a password. */
export async function checkRedis({ options }: DoctorSetup): Promise<CheckResult | undefined> {
  const config = options.redisConfig;
  if (!config) return undefined;
  if (typeof config === "string") {
    try {
      validateRedisUrl(config);
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { id: ID, status: "fail", message: error.message, fix: error.hint };
    }
  }
  const where = describeRedis(config);
  const { Redis } = await import("ioredis");
  const settings = {
    lazyConnect: true,
    connectTimeout: TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  };
  const redis =
    typeof config === "string" ? new Redis(config, settings) : new Redis({ ...config, ...settings } as never);
  redis.on("error", () => undefined); // reported below, once
  try {
    await redis.connect();
    await redis.ping();
    return { id: ID, status: "ok", message: `Redis at ${where} answers.` };
  } catch (error) {
    return {
      id: ID,
      status: "fail",
      message: `Redis at ${where} does not answer: ${describeFailure(error)}.`,
      fix: "Start Redis, or correct REDIS_URL (redis://[:password@]host:6379); unset it to run without sharing.",
    };
  } finally {
    redis.disconnect();
  }
}

function describeRedis(config: RedisOptions | string): string {
  if (typeof config !== "string") return `${config.host ?? "localhost"}:${config.port ?? 6379}`;
  try {
    const url = new URL(config);
    return `${url.hostname}:${url.port || 6379}`;
  } catch {
    return "REDIS_URL";
  }
}
