// "#redis-sharing" in a Workers bundle: Redis needs connections that outlive a request. The App
// shares nothing and runs on its own caches and throttling, as the real sharing does while Redis
// is unreachable; the log says why once per App.
import { sharingPlugin } from "../../app-plugin.js";
import type { AppSharing, DeliveryClaim, SharingOptions } from "../../app-sharing.js";
import { unavailableOnWorkers } from "./unavailable.js";

const UNCOORDINATED: DeliveryClaim = { status: "claimed", release: async () => undefined };

export function createRedisSharing({ log }: SharingOptions): AppSharing {
  const error = unavailableOnWorkers(
    "Redis (REDIS_URL, redisConfig)",
    "Leave the Redis settings out of the Worker: each request of a Worker throttles on its own.",
  );
  log.warn(`${error.message} ${error.hint ?? ""} Running on local caches and throttling.`);
  const local = {
    tokens: undefined,
    throttle: { options: {} },
    deliveries: { claim: async () => UNCOORDINATED },
    close: async () => undefined,
  };
  // No `connection`: only queue mode reads it, and queue mode is refused on Workers first.
  return local as unknown as AppSharing;
}

/** The package's App takes this plugin from "#redis-sharing": on Workers, the stand-in above. */
export const redisSharing = sharingPlugin(createRedisSharing);
