import type { Redis, RedisOptions } from "ioredis";
import type { SharedConnection } from "../app-sharing.js";
import { isAppError } from "../errors.js";
import { registerSecret } from "../log/secrets.js";
import { describeRedisFailure } from "./describe-redis-failure.js";
import { maskRedisUrl, validateRedisUrl } from "./validate-redis-url.js";

type ConnectionLog = {
  info(message: string): unknown;
  warn(message: string): unknown;
  error?(message: string): unknown;
};

export type RedisConnectionOptions = {
  config: RedisOptions | string;
  log: ConnectionLog;
  /** Default: the ioredis `keyPrefix` or the URL's `?keyPrefix=`, else `gh-app-kit:`. */
  keyPrefix?: string | undefined;
};

export const DEFAULT_KEY_PREFIX = "gh-app-kit:";

const PROBE_INTERVAL_MS = 1000;

/** Bounded waits: a slow or absent Redis must never hang a handler. */
const FAULT_TOLERANT_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  commandTimeout: 1000,
  connectTimeout: 2000,
  maxRetriesPerRequest: 1,
  retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 6), 5000),
};

/** `ioredis` loads on first use; an outage and its end are logged once each. */
export class RedisConnection implements SharedConnection {
  readonly keyPrefix: string;
  #options: RedisConnectionOptions;
  #client: Promise<Redis> | undefined;
  #up = false;
  #everUp = false;
  #outageLogged = false;
  #closed = false;
  #probe: ReturnType<typeof setInterval> | undefined;
  #listeners = new Set<(up: boolean) => void>();
  #lastError: unknown;
  #diagnosed = false;

  constructor(options: RedisConnectionOptions) {
    if (typeof options.config === "string") validateRedisUrl(options.config);
    // The prefix is ours to apply (to keys and channels alike), never ioredis'.
    const { config, keyPrefix } = splitKeyPrefix(options.config);
    this.#options = { ...options, config };
    this.keyPrefix = options.keyPrefix ?? keyPrefix ?? DEFAULT_KEY_PREFIX;
    if (typeof options.config === "string") registerSecret(passwordOf(options.config));
    else registerSecret(options.config.password);
  }

  /** True while Redis answers; false before the first connection and during outages. */
  get up(): boolean {
    return this.#up;
  }

  /** Without the key prefix: for clients other libraries make (BullMQ's workers block on theirs). */
  get config(): RedisOptions | string {
    return this.#options.config;
  }

  /** Where Redis is, without credentials: safe to log. */
  get description(): string {
    const { config } = this.#options;
    if (typeof config === "string") return maskRedisUrl(config);
    return `redis://${config.host ?? "127.0.0.1"}:${config.port ?? 6379}`;
  }

  client(): Promise<Redis> {
    if (this.#client) return this.#client;
    this.#client = this.#connect();
    // Refused (only by the Workers build's stand-in): each caller that awaits sees it, and the
    // callers that only start the connection leave no unhandled rejection.
    this.#client.catch(() => undefined);
    return this.#client;
  }

  /** A Redis that stops answering but keeps its sockets never closes them: mark it down for every caller. */
  reportFailure(error: unknown): void {
    if (!this.#up || this.#closed || !isConnectionError(error)) return;
    this.#setUp(false);
    this.#probe ??= setInterval(() => {
      void this.#client
        ?.then((client) => (client.status === "ready" ? client.ping() : Promise.reject(new Error(client.status))))
        .then(() => this.#setUp(true))
        .catch(() => undefined);
    }, PROBE_INTERVAL_MS).unref();
  }

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

  onChange(listener: (up: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    if (!this.#client) return;
    const client = await this.#client;
    this.#closed = true;
    this.#stopProbe();
    this.#listeners.clear();
    client.disconnect();
  }

  async #connect(): Promise<Redis> {
    const { Redis } = await import("#ioredis");
    const { config } = this.#options;
    // ioredis' RedisOptions does not satisfy its own constructor type under
    // exactOptionalPropertyTypes (replyMapping), hence the casts.
    let client: Redis;
    try {
      client =
        typeof config === "string"
          ? new Redis(config, FAULT_TOLERANT_OPTIONS as never)
          : new Redis({ ...FAULT_TOLERANT_OPTIONS, ...config } as never);
    } catch (error) {
      // The Workers build's stand-in for ioredis refuses: say why, once; callers then run locally.
      if (isAppError(error))
        this.#options.log.warn(`${error.message} ${error.hint ?? ""} Running on local caches and throttling.`);
      throw error;
    }
    client.on("ready", () => this.#setUp(true));
    client.on("error", (error: unknown) => {
      this.#lastError = error;
      // A refused password is known at once and never mends by waiting: say so now.
      if (!this.#everUp && /WRONGPASS|NOAUTH|invalid password/i.test(String((error as Error)?.message)))
        void this.#reportStartFailure();
      this.#setUp(false);
    });
    client.on("close", () => this.#setUp(false));
    const startup = setTimeout(() => {
      if (!this.#everUp) void this.#reportStartFailure();
    }, FAULT_TOLERANT_OPTIONS.connectTimeout).unref();
    client.once("ready", () => clearTimeout(startup));
    return client;
  }

  /** Once: why Redis does not answer (wrong password, TLS to a plain port, or unreachable). */
  async #reportStartFailure(): Promise<void> {
    if (this.#diagnosed || this.#outageLogged) return;
    this.#diagnosed = this.#outageLogged = true;
    const failure = await describeRedisFailure(this.#lastError, this.#options.config, this.description);
    if (this.#everUp || this.#closed) return;
    const line = `${failure.message} Running on local caches and throttling until it answers.`;
    if (failure.kind === "unreachable" || !this.#options.log.error) this.#options.log.warn(line);
    else this.#options.log.error(line);
  }

  #stopProbe(): void {
    if (this.#probe) clearInterval(this.#probe);
    this.#probe = undefined;
  }

  #setUp(up: boolean): void {
    if (up === this.#up || this.#closed) return;
    this.#up = up;
    if (up) this.#stopProbe();
    if (up) {
      if (this.#outageLogged) this.#options.log.info(`Redis at ${this.description} is back; sharing resumes.`);
      else if (!this.#everUp)
        this.#options.log.info(`Sharing tokens, rate limits and deliveries through Redis at ${this.description}.`);
      this.#everUp = true;
      this.#outageLogged = false;
    } else if (this.#everUp && !this.#outageLogged) {
      this.#outageLogged = true;
      this.#options.log.warn(
        `Redis at ${this.description} is unreachable; running on local caches and throttling until it returns.`,
      );
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

/** Takes `keyPrefix` out of ioredis options or a URL's query, so it is applied once, by us. */
function splitKeyPrefix(config: RedisOptions | string): {
  config: RedisOptions | string;
  keyPrefix: string | undefined;
} {
  if (typeof config !== "string") {
    const { keyPrefix, ...rest } = config;
    return { config: rest, keyPrefix: keyPrefix || undefined };
  }
  try {
    const url = new URL(config);
    const keyPrefix = url.searchParams.get("keyPrefix") || undefined;
    if (keyPrefix === undefined) return { config, keyPrefix };
    url.searchParams.delete("keyPrefix");
    return { config: url.toString(), keyPrefix };
  } catch {
    return { config, keyPrefix: undefined };
  }
}

/** Errors of the connection itself, not of a command or a script. */
const CONNECTION_ERROR =
  /Command timed out|Connection is closed|Stream isn't writeable|enableOfflineQueue|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH/i;

function isConnectionError(error: unknown): boolean {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return CONNECTION_ERROR.test(`${String(message)} ${String(code)}`);
}
