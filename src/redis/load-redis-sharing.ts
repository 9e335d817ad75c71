import type { CreateSharing } from "../app-sharing.js";
import { loadModule } from "../helpers/lazy-module.js";
import type { createRedisSharing } from "./create-redis-sharing.js";

// The Redis sharing (a connection, shared tokens, throttling, delivery claims:
// nine modules) loads with the first app that sets redisConfig, so a process
// without Redis, such as `app receive` in an Actions job, never loads it.
// See lazy-module.ts.

export const loadRedisSharing: CreateSharing = (options) =>
  loadModule<{ createRedisSharing: typeof createRedisSharing }>(
    new URL("./create-redis-sharing.js", import.meta.url),
  ).createRedisSharing(options);
