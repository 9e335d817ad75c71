import { randomUUID } from "node:crypto";
import type { DeliveryClaim, DeliveryClaims } from "../app-sharing.js";
import type { SharedConnection, StoreMarks } from "../app-sharing.js";

export type { DeliveryClaim, DeliveryClaims } from "../app-sharing.js";

export type DeliveryClaimsOptions = {
  connection: SharedConnection;
  appId: number | string;
  /** The claim expires this long after its last renewal if the instance dies. */
  leaseMs?: number | undefined;
  /** How long a completed delivery is remembered (redeliveries come within days). */
  doneTtlMs?: number | undefined;
};

const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const FINISH = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("set", KEYS[1], "done", "PX", ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;
const UNCOORDINATED: DeliveryClaim = { status: "claimed", release: async () => undefined };

/** The key that says an instance has (or had) a delivery: shared by the claims and the queue's marks. */
function deliveryKey(keyPrefix: string, appId: number | string, deliveryId: string): string {
  return `${keyPrefix}delivery:${appId}:${deliveryId}`;
}

/** How long a delivery id is remembered: the platform keeps (and redelivers) deliveries for 3 days. */
const DELIVERY_MEMORY_MS = 3 * 24 * 60 * 60 * 1000;

/** Failed deliveries are released so a redelivery runs again; without Redis every delivery runs. */
export function createDeliveryClaims({
  connection,
  appId,
  leaseMs = 30_000,
  doneTtlMs = DELIVERY_MEMORY_MS,
}: DeliveryClaimsOptions): DeliveryClaims {
  const keyOf = (id: string) => deliveryKey(connection.keyPrefix, appId, id);

  const claims: DeliveryClaims = {
    async claim(deliveryId) {
      if (!connection.up) return UNCOORDINATED;
      try {
        const redis = await connection.client();
        const key = keyOf(deliveryId);
        const owner = `running:${randomUUID()}`;
        if ((await redis.set(key, owner, "PX", leaseMs, "NX")) !== "OK") {
          const state = await redis.get(key);
          if (state === "done") return { status: "done" };
          if (state !== null) return { status: "running" };
          return claims.claim(deliveryId); // the other claim just ended
        }
        const renewal = setInterval(
          () => {
            redis.eval(RENEW, 1, key, owner, leaseMs).catch(() => undefined);
          },
          Math.max(leaseMs / 3, 10),
        ).unref();
        return {
          status: "claimed",
          async release(outcome) {
            clearInterval(renewal);
            const script = outcome === "done" ? FINISH : RELEASE;
            await redis.eval(script, 1, key, owner, doneTtlMs).catch(() => undefined);
          },
        };
      } catch (error) {
        connection.reportFailure(error);
        return UNCOORDINATED;
      }
    },
  };
  return claims;
}

/** While a delivery is being stored: if this instance dies between the two steps, the id is free again soon. */
const STORING_MS = 30_000;

export function createStoreMarks({
  connection,
  appId,
}: Pick<DeliveryClaimsOptions, "connection" | "appId">): StoreMarks {
  const keyOf = (id: string) => deliveryKey(connection.keyPrefix, appId, id);
  return {
    async reserve(deliveryId) {
      const redis = await connection.client();
      return (await redis.set(keyOf(deliveryId), "storing", "PX", STORING_MS, "NX")) === "OK";
    },
    stored(deliveryId) {
      connection
        .client()
        .then((redis) => redis.set(keyOf(deliveryId), "queued", "PX", DELIVERY_MEMORY_MS))
        .catch(() => undefined);
    },
    async free(deliveryId) {
      const redis = await connection.client();
      await redis.del(keyOf(deliveryId)).catch(() => undefined);
    },
    async isStoring(deliveryId) {
      const redis = await connection.client();
      return (await redis.get(keyOf(deliveryId))) === "storing";
    },
  };
}
