import type { Redis, RedisOptions } from "ioredis";
import { registerSecret } from "../log/secrets.js";

type ConnectionLog = { info(message: string): unknown; warn(message: string): unknown };

export type RedisConnectionOptions = {
  /** ioredis options or a `redis://` URL. */
  config: RedisOptions | string;
  log: ConnectionLog;
  /** Prefix of every key the framework writes. */
  keyPrefix?: string | undefined;
};

/** Bounded waits: a slow or absent Redis must never hang a handler. */
const FAULT_TOLERANT_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  commandTimeout: 1000,
  connectTimeout: 2000,
  maxRetriesPerRequest: 1,
  retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 6), 5000),
};

/**
 * The one Redis client of an app, opt-in. `ioredis` is loaded on first use.
 * `up` says whether commands can be sent now; the outage and its end are
 * logged once each, and sharing resumes by itself when Redis returns.
 */
export class RedisConnection {
  readonly keyPrefix: string;
  #options: RedisConnectionOptions;
  #client: Promise<Redis> | undefined;
  #up = false;
  #everUp = false;
  #outageLogged = false;
  #closed = false;
  #listeners = new Set<(up: boolean) => void>();

  constructor(options: RedisConnectionOptions) {
    this.#options = options;
    this.keyPrefix = options.keyPrefix ?? "app-framework:";
    if (typeof options.config === "string") registerSecret(passwordOf(options.config));
    else registerSecret(options.config.password);
  }

  /** True while Redis answers; false before the first connection and during outages. */
  get up(): boolean {
    return this.#up;
  }

  /** Where Redis is, without credentials: safe to log. */
  get description(): string {
    const { config } = this.#options;
    if (typeof config === "string") return config.replace(/\/\/[^@/]*@/, "//***@");
    return `redis://${config.host ?? "127.0.0.1"}:${config.port ?? 6379}`;
  }

  /** The ioredis client, created (and connecting) on first call. */
  client(): Promise<Redis> {
    return (this.#client ??= this.#connect());
  }

  /** Resolves true once Redis answers, or false after `timeoutMs`. */
  async whenUp(timeoutMs: number): Promise<boolean> {
    if (this.#up) return true;
    void this.client();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stop();
        resolve(this.#up);
      }, timeoutMs);
      const stop = this.onChange((up) => {
        if (!up) return;
        clearTimeout(timer);
        stop();
        resolve(true);
      });
    });
  }

  /** Calls `listener(up)` whenever Redis goes down or comes back. */
  onChange(listener: (up: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (!this.#client) return;
    const client = await this.#client;
    this.#closed = true;
    this.#listeners.clear();
    client.disconnect();
  }

  async #connect(): Promise<Redis> {
    const { Redis } = await import("ioredis");
    const { config } = this.#options;
    // ioredis' RedisOptions does not satisfy its own constructor type under
    // exactOptionalPropertyTypes (replyMapping), hence the casts.
    const client =
      typeof config === "string"
        ? new Redis(config, FAULT_TOLERANT_OPTIONS as never)
        : new Redis({ ...FAULT_TOLERANT_OPTIONS, ...config } as never);
    client.on("ready", () => this.#setUp(true));
    client.on("error", () => this.#setUp(false));
    client.on("close", () => this.#setUp(false));
    const startup = setTimeout(() => {
      if (!this.#everUp && !this.#outageLogged) {
        this.#outageLogged = true;
        this.#options.log.warn(
          `Redis at ${this.description} is unreachable; running on local caches and throttling until it answers.`,
        );
      }
    }, FAULT_TOLERANT_OPTIONS.connectTimeout).unref();
    client.once("ready", () => clearTimeout(startup));
    return client;
  }

  #setUp(up: boolean): void {
    if (up === this.#up || this.#closed) return;
    this.#up = up;
    if (up) {
      if (this.#outageLogged) this.#options.log.info(`Redis at ${this.description} is back; sharing resumes.`);
      else if (!this.#everUp) this.#options.log.info(`Sharing tokens, rate limits and deliveries through Redis at ${this.description}.`);
      this.#everUp = true;
      this.#outageLogged = false;
    } else if (this.#everUp && !this.#outageLogged) {
      this.#outageLogged = true;
      this.#options.log.warn(`Redis at ${this.description} is unreachable; running on local caches and throttling until it returns.`);
    }
    for (const listener of this.#listeners) listener(up);
  }
}

function passwordOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}
