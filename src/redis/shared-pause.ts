import type { Redis } from "ioredis";
import type { RedisConnection } from "./redis-connection.js";

/** A secondary rate limit met by one instance pauses every instance. */
export class SharedPause {
  #connection: RedisConnection;
  #key: string;
  #until = 0;
  #subscriber: Redis | undefined;

  constructor(connection: RedisConnection, appId: number | string) {
    this.#connection = connection;
    this.#key = `${connection.keyPrefix}pause:${appId}`;
    connection.onChange((up) => {
      if (up) void this.#listen().catch(() => undefined);
    });
    // Made on first use, the connection may be up already: no change would come.
    if (connection.up) void this.#listen().catch(() => undefined);
  }

  /** Milliseconds left of the current pause (0 when none). */
  get remainingMs(): number {
    return Math.max(0, this.#until - Date.now());
  }

  /** Resolves when no pause is in force. */
  async wait(): Promise<void> {
    for (let remaining = this.remainingMs; remaining > 0; remaining = this.remainingMs) {
      await new Promise((resolve) => setTimeout(resolve, remaining));
    }
  }

  async pause(ms: number): Promise<void> {
    this.#extend(Date.now() + ms);
    if (!this.#connection.up) return;
    const redis = await this.#connection.client();
    const until = String(this.#until);
    await redis
      .multi()
      .set(this.#key, until, "PX", ms)
      .publish(this.#key, until)
      .exec()
      .catch(() => undefined);
  }

  close(): void {
    this.#subscriber?.disconnect();
  }

  #extend(until: number): void {
    if (Number.isFinite(until) && until > this.#until) this.#until = until;
  }

  /** Catches up on a pause set while this instance was away, then subscribes (once). */
  async #listen(): Promise<void> {
    const redis = await this.#connection.client();
    const current = await redis.get(this.#key);
    if (current) this.#extend(Number(current));
    if (this.#subscriber) return;
    // The subscription is made once connected (the offline queue is off) and
    // ioredis renews it by itself after a reconnection.
    const subscriber = redis.duplicate();
    this.#subscriber = subscriber;
    subscriber.on("error", () => undefined);
    subscriber.on("message", (_channel: string, message: string) => this.#extend(Number(message)));
    subscriber.once("ready", () => void subscriber.subscribe(this.#key).catch(() => undefined));
  }
}
