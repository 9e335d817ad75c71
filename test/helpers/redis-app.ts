import { App } from "../../src/app.js";
import { getLog } from "../../src/log/get-log.js";
import { redisSharing } from "../../src/redis/create-redis-sharing.js";
import { createLogCapture, type LogCapture } from "./capture-log.js";
import type { FakePlatform } from "./fake-platform.js";
import { getTestKeys } from "./keys.js";
import { FastClient } from "./test-app.js";

/**
 * An App of app 1 for the fake platform that shares through `redisConfig`,
 * logging JSON at info into `logs`.
 *
 * @example
 * const app = createRedisApp(platform, redis.url);
 */
export function createRedisApp(
  platform: FakePlatform,
  redisConfig: App["state"]["redisConfig"],
  logs: LogCapture = createLogCapture(),
): App {
  return new App({
    appId: 1,
    privateKey: getTestKeys().privateKeyPkcs1,
    secret: "s",
    baseUrl: platform.url,
    Client: FastClient,
    redisConfig,
    plugins: [redisSharing],
    log: getLog({ level: "info", logFormat: "json", destination: logs.stream }),
  });
}
