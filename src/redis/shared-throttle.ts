import type Bottleneck from "bottleneck";
import type BottleneckLight from "bottleneck/light.js";
import type { RedisConnection } from "./redis-connection.js";
import { SharedPause } from "./shared-pause.js";

type Job = (...args: unknown[]) => Promise<unknown>;
type Limiter = { schedule(options: object, job: Job, ...args: unknown[]): Promise<unknown> };
type Group = { key(id?: string): Limiter };

const GROUPS = {
  global: { id: "octokit-global", maxConcurrent: 10 },
  auth: { id: "octokit-auth", maxConcurrent: 1 },
  search: { id: "octokit-search", maxConcurrent: 1, minTime: 2000 },
  write: { id: "octokit-write", maxConcurrent: 1, minTime: 1000 },
  notifications: { id: "octokit-notifications", maxConcurrent: 1, minTime: 3000 },
} as const;

export type SharedThrottleOptions = {
  /** Milliseconds per second of `retry-after` (tests shrink it). */
  msPerSecond?: number | undefined;
};

/** `throttle` options for @octokit/plugin-throttling that share its limits between instances. */
export type SharedThrottle = {
  options: { clustering: true; id: string } & Record<keyof typeof GROUPS, Group>;
  pause: SharedPause;
  close(): Promise<void>;
};

const SECONDARY_LIMIT = /\bsecondary rate\b/i;
const OUTAGE = Symbol("redis outage");

/** Bottleneck's Redis clustering while Redis answers, the local limiter when it does not. */
export function createSharedThrottle(
  connection: RedisConnection,
  appId: number | string,
  { msPerSecond = 1000 }: SharedThrottleOptions = {},
): SharedThrottle {
  const pause = new SharedPause(connection, appId);
  let redisConnection: Promise<Bottleneck.IORedisConnection> | undefined;

  // Loaded only here: the Redis-capable build of Bottleneck is an optional part.
  async function loadShared(): Promise<{ Bottleneck: typeof Bottleneck; connection: Bottleneck.IORedisConnection }> {
    const { default: Full } = await import("#bottleneck");
    redisConnection ??= connection.client().then((client) => {
      const created = new Full.IORedisConnection({ client: client as never });
      created.on("error", () => undefined);
      return created;
    });
    return { Bottleneck: Full, connection: await redisConnection };
  }

  /** Pauses every instance for the `retry-after` of a secondary rate limit. */
  function observe(result: Promise<unknown>): Promise<unknown> {
    return result.catch(
      (error: { status?: number; message?: string; response?: { headers?: Record<string, string> } }) => {
        if ((error?.status === 403 || error?.status === 429) && SECONDARY_LIMIT.test(String(error.message))) {
          const retryAfter = Number(error.response?.headers?.["retry-after"]) || 60;
          void pause.pause(retryAfter * msPerSecond);
        }
        throw error;
      },
    );
  }

  /** Resolves to OUTAGE when Redis goes down; `stop()` stops watching. */
  function watchForOutage(): { outage: Promise<typeof OUTAGE>; stop(): void } {
    let stop = () => {};
    const outage = new Promise<typeof OUTAGE>((resolve) => {
      stop = connection.onChange((up) => {
        if (!up) resolve(OUTAGE);
      }) as () => void;
    });
    return { outage, stop: () => stop() };
  }

  class FailoverLimiter implements Limiter {
    #shared: Promise<Limiter> | undefined;
    constructor(
      private readonly local: () => Promise<Limiter>,
      private readonly createShared: () => Promise<Limiter>,
    ) {}

    async schedule(options: object, job: Job, ...args: unknown[]): Promise<unknown> {
      await pause.wait();
      const observed: Job = (...jobArgs) => observe(job(...jobArgs));
      if (!connection.up) return (await this.local()).schedule(options, observed, ...args);
      // A job waiting in the shared queue when Redis goes away would wait
      // forever: it moves to the local limiter, and if the shared queue still
      // hands it out later, it does nothing there (never a second request).
      let started: Promise<unknown> | undefined;
      let moved = false;
      const tracked: Job = (...jobArgs) => (moved ? Promise.resolve(undefined) : (started = observed(...jobArgs)));
      const stopWatching = watchForOutage();
      try {
        const shared = await (this.#shared ??= this.createShared());
        const outcome = await Promise.race([shared.schedule(options, tracked, ...args), stopWatching.outage]);
        if (outcome !== OUTAGE) return outcome;
      } catch (error) {
        if (!started) connection.reportFailure(error);
      } finally {
        stopWatching.stop();
      }
      if (started) return started; // the job ran: its own outcome, never a second run
      moved = true;
      this.#shared = undefined;
      return (await this.local()).schedule(options, observed, ...args);
    }
  }

  function failoverGroup(settings: Bottleneck.ConstructorOptions): Group {
    // Bottleneck's light build (~30 ms to load) loads with the first request.
    let local: Promise<BottleneckLight.Group> | undefined;
    let shared: Promise<Bottleneck.Group> | undefined;
    const limiters = new Map<string, FailoverLimiter>();
    return {
      key(id = "") {
        let limiter = limiters.get(id);
        if (!limiter) {
          const localLimiter = async () => {
            local ??= import("bottleneck/light.js").then(({ default: Light }) => new Light.Group(settings));
            return (await local).key(id) as unknown as Limiter;
          };
          limiter = new FailoverLimiter(localLimiter, async () => {
            shared ??= loadShared().then(
              ({ Bottleneck: Full, connection: shared }) => new Full.Group({ ...settings, connection: shared }),
            );
            return (await shared).key(id) as unknown as Limiter;
          });
          limiters.set(id, limiter);
        }
        return limiter;
      },
    };
  }

  return {
    options: {
      clustering: true,
      // Bottleneck names its keys after this id: under the same prefix as ours.
      id: `${connection.keyPrefix}throttle:${appId}`,
      global: failoverGroup(GROUPS.global),
      auth: failoverGroup(GROUPS.auth),
      search: failoverGroup(GROUPS.search),
      write: failoverGroup(GROUPS.write),
      notifications: failoverGroup(GROUPS.notifications),
    },
    pause,
    async close() {
      pause.close();
      await (await redisConnection?.catch(() => undefined))?.disconnect(false);
    },
  };
}
