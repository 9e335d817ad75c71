// "#ioredis" in a Workers bundle: Redis sharing and queue mode keep connections open between requests.
import { unavailableClass } from "./unavailable.js";

export const Redis = unavailableClass(
  "Redis (REDIS_URL, redisConfig)",
  "Leave the Redis settings out of the Worker: each request of a Worker throttles on its own.",
);
