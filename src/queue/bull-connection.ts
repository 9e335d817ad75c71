import type { ConnectionOptions } from "bullmq";
import type { RedisOptions } from "ioredis";

/**
 * BullMQ makes its own clients: a worker blocks on its connection. `worker`
 * needs `maxRetriesPerRequest: null` (BullMQ requires it on blocking
 * connections); `producer` fails at once while Redis is away, so the webhook
 * route answers 503 instead of holding the platform's request.
 */
export function bullConnection(
  config: RedisOptions | string,
  role: "worker" | "producer" | "admin",
): ConnectionOptions {
  // BullMQ types its options apart from ioredis' own; they are the same object.
  const base = (typeof config === "string" ? { url: config } : { ...config }) as ConnectionOptions & object;
  if (role === "worker") return { ...base, maxRetriesPerRequest: null };
  // A command line tool: give up after a few seconds instead of reconnecting for ever.
  if (role === "admin")
    return {
      ...base,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times: number) => (times > 3 ? null : 300),
    };
  return {
    ...base,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2000,
    connectTimeout: 2000,
    retryStrategy: (times: number) => Math.min(100 * 2 ** Math.min(times, 6), 2000),
  };
}
